// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useServerText } from '@/components/common/use-field-rule';
import { MessagesScope } from '@/components/providers/messages-scope';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Texts({ keys }: { keys: string[] }) {
  const t = useTranslations();
  return <p>{keys.map((key) => t(key)).join(' | ')}</p>;
}

const page = (ui: React.ReactNode) => render(
  <NextIntlClientProvider locale="zh-CN" messages={{ common: { ok: '确定' } }} timeZone="Asia/Shanghai">
    <MessagesScope messages={{ shell: { title: '标题' } }}>
      <MessagesScope messages={{ page: { name: '名称' } }}>{ui}</MessagesScope>
    </MessagesScope>
  </NextIntlClientProvider>,
);

describe('MessagesScope (lib/client-messages.ts)', () => {
  it('adds its texts to those of the providers above', () => {
    page(<Texts keys={['common.ok', 'shell.title', 'page.name']} />);
    expect(screen.getByText('确定 | 标题 | 名称')).toBeTruthy();
  });

  it('says in the console which text the page was not given, and shows its key', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    page(<Texts keys={['page.missing']} />);
    expect(screen.getByText('page.missing')).toBeTruthy();
    expect(error.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringMatching(/^Missing message: .*page\.missing/));
  });
});

function ServerText({ message }: { message: string }) {
  const text = useServerText();
  const [shown, setShown] = useState('');
  useEffect(() => { void text(message).then(setShown); }, [text, message]);
  return <p data-testid="text">{shown}</p>;
}

describe('useServerText', () => {
  it("takes a page's own text as it is", async () => {
    page(<ServerText message="page.name" />);
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('名称'));
  });

  it('loads a validation message the page was not given, with its values', async () => {
    const error = vi.spyOn(console, 'error');
    page(<ServerText message={'validation.importTooManyRows|{"rows":250,"max":200}'} />);
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('数据有 250 行，一次最多导入 200 行，请分批导入'));
    expect(error).not.toHaveBeenCalled();
  });
});
