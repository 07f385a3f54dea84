// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallPath } from '../../lib/contract/calls';
import { CrudScreen } from '@/components/crud/crud-screen';
import { ShellProvider } from '@/components/shell/shell-context';
import type { ResourceSpec } from '@/lib/resources/types';
import zh from '@/messages/zh-CN.json';

// The screen's body is loaded apart from CrudScreen (browserPart): loaded with the test file, not in the first test's time.
await import('@/components/crud/crud-screen-body');

const nav = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/notices',
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ replace: vi.fn(), push: vi.fn(), refresh: vi.fn() }),
}));

// Counts the downloads of the editor: the engine imports it only when a form shows a rich-text field.
const editorLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/crud/rich-text-editor', async (importOriginal) => {
  editorLoads.count += 1;
  return importOriginal();
});

interface Notice { id: number; title: string; body: string; version: number }

const n = (key: string) => `resources.notice.${key}`;
const messages = {
  ...zh,
  resources: { ...zh.resources, notice: { title: '标题', body: '正文', add: '新增通知', edit: '编辑通知' } },
};
const ROW: Notice = { id: 1, title: '放款通知', body: '<h2>通知</h2><p>请 <strong>按时</strong> 还款，见 <a href="https://example.com/a">说明</a>。</p>', version: 2 };

function specOf(withBody: boolean): ResourceSpec<Notice> {
  return {
    key: 'notice',
    rowKey: (row) => row.id,
    list: 'notice/list' as CallPath,
    search: [],
    columns: [{ key: 'title', title: n('title') }],
    form: {
      fields: [
        { name: 'title', label: n('title'), kind: 'text', required: true },
        ...(withBody ? [{ name: 'body', label: n('body'), kind: 'richText' as const, required: true, max: 20 }] : []),
      ],
      save: 'notice/save' as CallPath, create: n('add'), edit: n('edit'),
      toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
    },
  };
}

const calls: { path: string; body: unknown }[] = [];
const json = (data: unknown, code = 200) => new Response(JSON.stringify({ code, message: '操作成功', data }), { headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  // ProseMirror measures the layout, which jsdom does not do.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  document.elementFromPoint = () => null;
});
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    calls.push({ path, body: JSON.parse(String(init.body ?? '{}')) });
    if (path === 'notice/list') return json({ list: [ROW], total: 1, totalPage: 1 });
    return json(null);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderScreen(withBody: boolean) {
  // An administrator: the spec's calls are of no table.
  const user = { id: 1, username: 'u', nickname: 'U', type: 0, uuid: 'x', orgName: null };
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={messages} timeZone="Asia/Shanghai">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <ShellProvider user={user} initialMenu={{ menu: [], access: [], version: 'v' }} initialPowers={[{ component: 'notice', btnList: ['notice::add', 'notice::edit'] }]}>
            <CrudScreen spec={specOf(withBody)} />
          </ShellProvider>
        </App>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
}

const saves = () => calls.filter((c) => c.path === 'notice/save').map((c) => c.body as Record<string, unknown>);
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /保\s*存/ });
const editorOf = async (dialog: HTMLElement) => within(dialog).findByRole('textbox', { name: '正文' });

describe('the rich-text field kind', { timeout: 30_000 }, () => {
  it('is not downloaded by a screen whose form has no rich-text field', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(false);
    await user.click(await screen.findByRole('button', { name: /新增通知/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('标题')).toBeTruthy();
    expect(editorLoads.count).toBe(0);
  });

  it('loads the editor lazily in the form, with a labelled, keyboard-reachable toolbar', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(true);
    await user.click(await screen.findByRole('button', { name: /新增通知/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await editorOf(dialog)).toBeTruthy();
    expect(editorLoads.count).toBe(1);
    const toolbar = dialog.querySelector<HTMLElement>('[role=toolbar][aria-label="正文的格式"]')!;
    const button = (label: string) => toolbar.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
    for (const label of ['标题 1', '标题 4', '加粗', '斜体', '下划线', '删除线', '无序列表', '有序列表', '链接', '移除链接', '图片', '插入表格', '在下方插入行', '删除行', '在右侧插入列', '删除列', '删除表格']) {
      expect(button(label), label).toBeTruthy();
    }
    // One tab stop; the arrow keys move along the buttons.
    const tabbable = Array.from(toolbar.querySelectorAll<HTMLButtonElement>('button')).filter((b) => b.tabIndex === 0);
    expect(tabbable.map((b) => b.getAttribute('aria-label'))).toEqual(['标题 1']);
    tabbable[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('标题 2');
    await user.keyboard('{End}');
    // Undo and redo have nothing to do yet: the last enabled button is the table's.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('插入表格');
    // Row and column buttons wait for the cursor to be in a table.
    expect(button('在下方插入行')!.disabled).toBe(true);
    expect(button('加粗')!.getAttribute('aria-pressed')).toBe('false');
  });

  it('round-trips a row\'s HTML to the save payload', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(true);
    const row = (await screen.findByText('放款通知')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const editor = await editorOf(dialog);
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('通知'));
    expect(editor.querySelector('a')?.getAttribute('href')).toBe('https://example.com/a');
    expect(within(dialog).getByText('15 / 20 字')).toBeTruthy();
    await user.click(saveButton(dialog));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const sent = saves()[0]!;
    expect(sent).toMatchObject({ id: 1, version: 2, title: '放款通知' });
    const body = new DOMParser().parseFromString(String(sent.body), 'text/html').body;
    expect(body.querySelector('h2')?.textContent).toBe('通知');
    expect(body.querySelector('strong')?.textContent).toBe('按时');
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://example.com/a');
    expect(body.textContent).toBe('通知请 按时 还款，见 说明。');
  });

  it('toolbar: a table is inserted and grows; a link refuses javascript:; both reach the payload', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(true);
    await user.click(await screen.findByRole('button', { name: /新增通知/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('标题'), '通知');
    const editor = await editorOf(dialog);
    const toolbar = dialog.querySelector<HTMLElement>('[role=toolbar]')!;
    const button = (label: string) => toolbar.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

    await user.click(button('插入表格'));
    await waitFor(() => expect(editor.querySelectorAll('tr')).toHaveLength(3));
    await waitFor(() => expect(button('在下方插入行').disabled).toBe(false));
    await user.click(button('在下方插入行'));
    await waitFor(() => expect(editor.querySelectorAll('tr')).toHaveLength(4));
    await user.click(button('删除表格'));
    await waitFor(() => expect(editor.querySelector('table')).toBeNull());

    await user.click(button('链接'));
    const prompt = (await screen.findAllByRole('dialog')).at(-1)!;
    const address = within(prompt).getByLabelText('链接地址');
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(prompt).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(prompt).findByText('只能链接 http(s)、mailto 或本站地址')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'https://a.cn/x');
    await user.click(within(prompt).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(editor.querySelector('a')?.getAttribute('href')).toBe('https://a.cn/x'));

    await user.click(saveButton(dialog));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const sent = new DOMParser().parseFromString(String(saves()[0]!.body), 'text/html').body;
    expect(sent.querySelector('a')?.getAttribute('href')).toBe('https://a.cn/x');
    expect(sent.querySelector('table')).toBeNull();
  });

  it('required means text, and the text is counted against max', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(true);
    await user.click(await screen.findByRole('button', { name: /新增通知/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('标题'), '通知');
    await editorOf(dialog);
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('请输入正文！')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    // A row whose body is over the limit: the count turns red and saving is refused.
    cleanup();
    ROW.body = `<p>${'长'.repeat(21)}</p>`;
    try {
      renderScreen(true);
      const row = (await screen.findByText('放款通知')).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
      const edit = await screen.findByRole('dialog');
      await editorOf(edit);
      expect(await within(edit).findByText('21 / 20 字')).toBeTruthy();
      await user.click(saveButton(edit));
      expect(await within(edit).findByText('正文不能超过 20 个字')).toBeTruthy();
      expect(saves()).toHaveLength(0);
    } finally {
      ROW.body = '<h2>通知</h2><p>请 <strong>按时</strong> 还款，见 <a href="https://example.com/a">说明</a>。</p>';
    }
  });
});
