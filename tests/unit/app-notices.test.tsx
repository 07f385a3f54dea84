// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppNotices, useApp } from '@/components/providers/app-notices';
import { ROOT, sourceFiles } from './module-files';

afterEach(cleanup);

/** A page that says something in a toast and waits for it to close, as the password change does. */
function Saver() {
  const { message } = useApp();
  const [closed, setClosed] = useState(false);
  return (
    <>
      <Button onClick={async () => { await message.success('保存成功', 0.2); setClosed(true); }}>save</Button>
      {closed && <p>toast closed</p>}
    </>
  );
}

/** A page that asks before deleting, and one that notifies. */
function Remover({ remove }: { remove: () => void }) {
  const { modal, notification } = useApp();
  return (
    <>
      <Button onClick={() => modal.confirm({ title: '确定删除吗？', onOk: remove })}>delete</Button>
      <Button onClick={() => notification.info({ title: '已推送' })}>notify</Button>
    </>
  );
}

const renderIn = (children: ReactNode) => render(<ConfigProvider theme={{ token: { motion: false } }}><AppNotices>{children}</AppNotices></ConfigProvider>);

describe("antd's App context without its notices' code in the first load (AppNotices)", () => {
  it('shows a toast asked for before the holders came, and settles when antd closes it', async () => {
    renderIn(<Saver />);
    expect(document.querySelector('.ant-app')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(await screen.findByText('toast closed')).toBeTruthy();
  });

  it("asks with antd's confirm dialog and runs what its OK runs; notifications show", async () => {
    const remove = vi.fn();
    renderIn(<Remover remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确定删除吗？');
    await userEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByText('已推送')).toBeTruthy();
  });

  it("is what every module uses: none imports antd's App, which would bring the notices' code into the first load", () => {
    const takers = ['app', 'components', 'lib'].flatMap(sourceFiles)
      .filter((file) => /import\s*\{[^}]*\bApp\b[^}]*\}\s*from\s*'antd'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(takers).toEqual([]);
  });
});
