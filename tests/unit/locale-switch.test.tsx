// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleSwitch } from '@/components/common/locale-switch';
import { UI_TEXTS } from '@/lib/i18n';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/api/client', () => ({ api: async (path: string) => { calls.push(path); return null; } }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn() }) }));

/** A page that says something in a toast, as a save does. */
function Saver() {
  const { message } = App.useApp();
  return <Button onClick={() => void message.success('保存成功', 0)}>save</Button>;
}

afterEach(cleanup);

describe('the language menu', () => {
  it('takes a toast of the old language away when it switches', async () => {
    render(
      <NextIntlClientProvider locale="zh-CN" messages={UI_TEXTS['zh-CN']} timeZone="Asia/Shanghai">
        <ConfigProvider theme={{ token: { motion: false } }}><App><Saver /><LocaleSwitch /></App></ConfigProvider>
      </NextIntlClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '简体中文' }));
    await userEvent.click(await screen.findByText('English'));
    expect(calls).toEqual(['admin/setLocale']);
    await waitFor(() => expect(screen.queryByText('保存成功')).toBeNull());
  });
});
