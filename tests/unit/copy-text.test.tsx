// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyText, useCopy } from '@/components/widgets/copy-text';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

function renderZh(ui: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={zh} timeZone="Asia/Shanghai">
      <App>{ui}</App>
    </NextIntlClientProvider>,
  );
}

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function setExecCommand(impl: (command: string) => boolean) {
  const fn = vi.fn(impl);
  Object.defineProperty(document, 'execCommand', { configurable: true, writable: true, value: fn });
  return fn;
}

describe('CopyText', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup(); // installs its own clipboard: the tests replace it afterwards
  });
  afterEach(() => {
    cleanup();
    document.querySelectorAll('.ant-message').forEach((node) => node.remove());
  });

  it('copies the text with the Clipboard API and says 复制成功', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    setClipboard(writeText);
    const execCommand = setExecCommand(() => true);
    renderZh(<CopyText text="LN-2024-0001">申请编号 LN-2024-0001</CopyText>);

    expect(screen.getByText('申请编号 LN-2024-0001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '复制' }));

    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(screen.queryByText('复制失败')).toBeNull();
    expect(writeText).toHaveBeenCalledWith('LN-2024-0001');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('is a keyboard-reachable button', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    setClipboard(writeText);
    renderZh(<CopyText text="abc">abc</CopyText>);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '复制' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('abc');
  });

  it('falls back to a hidden textarea and execCommand when the Clipboard API refuses', async () => {
    setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    let copied: string | undefined;
    const execCommand = setExecCommand(() => {
      const area = document.activeElement as HTMLTextAreaElement;
      copied = area.value.slice(area.selectionStart, area.selectionEnd);
      return true;
    });
    renderZh(<CopyText text="13800138000">13800138000</CopyText>);

    await user.click(screen.getByRole('button', { name: '复制' }));

    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('13800138000');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says 复制失败 when the Clipboard API rejects and execCommand fails', async () => {
    setClipboard(() => Promise.reject(new Error('denied')));
    setExecCommand(() => false);
    renderZh(<CopyText text="x">x</CopyText>);

    await user.click(screen.getByRole('button', { name: '复制' }));

    expect(await screen.findByText('复制失败')).toBeTruthy();
    expect(screen.queryByText('复制成功')).toBeNull();
  });

  it('says 复制失败 without a Clipboard API when execCommand throws', async () => {
    setClipboard(undefined);
    setExecCommand(() => {
      throw new Error('not supported');
    });
    renderZh(<CopyText text="x">x</CopyText>);

    await user.click(screen.getByRole('button', { name: '复制' }));

    expect(await screen.findByText('复制失败')).toBeTruthy();
  });
});

describe('useCopy', () => {
  afterEach(() => {
    cleanup();
    document.querySelectorAll('.ant-message').forEach((node) => node.remove());
  });

  it('resolves with whether the text was copied', async () => {
    const user = userEvent.setup();
    const results: boolean[] = [];
    function Probe({ text }: { text: string }) {
      const copy = useCopy();
      return <button type="button" onClick={async () => results.push(await copy(text))}>go</button>;
    }
    setClipboard(vi.fn(async () => {}));
    renderZh(<Probe text="a" />);
    await user.click(screen.getByRole('button', { name: 'go' }));
    await screen.findByText('复制成功');

    setClipboard(() => Promise.reject(new Error('denied')));
    setExecCommand(() => false);
    await user.click(screen.getByRole('button', { name: 'go' }));
    await screen.findByText('复制失败');

    expect(results).toEqual([true, false]);
  });
});
