// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { CallPath } from '../../lib/contract/calls';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCrud } from './render-crud';
import type { ImportCheck } from '@/lib/contract/import';
import type { ResourceSpec } from '@/lib/resources/types';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

vi.mock('next/navigation', () => ({
  usePathname: () => '/things',
  useSearchParams: () => new URLSearchParams(''),
  useRouter: () => ({ replace: vi.fn(), push: vi.fn(), refresh: vi.fn() }),
}));

interface Thing { id: number; name: string }
const messages = { ...zh, resources: { ...zh.resources, thing: { title: '事物', name: '名称', mobile: '手机号' } } };
const spec: ResourceSpec<Thing> = {
  key: 'thing',
  rowKey: (row) => row.id,
  list: 'thing/list' as CallPath,
  search: [],
  columns: [{ key: 'name', title: 'resources.thing.name' }],
  importer: { check: 'systemUser/importCheck' as CallPath, commit: 'systemUser/importCommit' as CallPath, template: 'systemUser/importTemplate' as CallPath, maxBytes: 1024 * 1024 },
};

type Answer = { status?: number; code: number; message: string; data: unknown } | Response;
const calls: { path: string; body: unknown }[] = [];
let queue: Record<string, Answer[]> = {};
const ok = (data: unknown): Answer => ({ code: 200, message: '操作成功', data });
const CLEAN: ImportCheck = { rows: 5, errors: [], more: 0 };
const DIRTY: ImportCheck = {
  rows: 5, more: 3, errors: [
    { row: null, column: null, key: 'validation.importTooManyRows', params: { max: 4, rows: 5 } },
    { row: 3, column: 'resources.thing.mobile', key: 'validation.importDuplicate', params: { row: 2 } },
    { row: 4, column: null, key: 'validation.invalid' },
  ],
};

beforeEach(() => {
  calls.length = 0;
  queue = {};
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    calls.push({ path, body: init.body instanceof FormData ? init.body : JSON.parse(String(init.body ?? '{}')) });
    if (path === 'thing/list') return Response.json(ok({ list: [{ id: 1, name: 'thing 1' }], total: 1, totalPage: 1 }));
    const answer = queue[path]?.shift() ?? { code: 404, message: 'x', data: null };
    return answer instanceof Response ? answer : Response.json(answer);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderScreen(buttons: string[]) {
  return renderCrud(spec, messages, 'user', buttons);
}

const xlsx = (name = 'things.xlsx', content = 'PK\u0003\u0004 workbook') => new File([content], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body as FormData);

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: /导\s*入/ }));
  const dialog = await screen.findByRole('dialog');
  const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
  const confirm = () => within(dialog).getByRole('button', { name: /确认导入/ }) as HTMLButtonElement;
  return { dialog, input, confirm };
}

describe('the import action of the screen engine', { timeout: 30_000 }, () => {
  it('is offered only with its permission', async () => {
    renderScreen([]);
    await screen.findByText('thing 1');
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });

  it('refuses other files before sending, lists the row errors translated, and only then offers nothing to confirm', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(['user::add']);
    const { dialog, input, confirm } = await openDialog();
    expect(within(dialog).getByText('Excel 文件（.xlsx），读取第一张工作表，第一行为表头，不超过 1 MB')).toBeTruthy();
    expect(confirm().disabled).toBe(true);

    await user.upload(input(), new File(['a,b'], 'things.csv'));
    expect(await screen.findByText('只能导入 .xlsx 格式的 Excel 文件')).toBeTruthy();
    const big = xlsx('big.xlsx');
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 });
    await user.upload(input(), big);
    expect(await screen.findByText('文件不能超过 1 MB')).toBeTruthy();
    expect(sent('systemUser/importCheck')).toHaveLength(0);

    queue['systemUser/importCheck'] = [ok(DIRTY)];
    await user.upload(input(), xlsx());
    expect(await within(dialog).findByText('共 5 行数据，发现 6 处错误，请修改文件后重新选择')).toBeTruthy();
    expect((sent('systemUser/importCheck')[0]!.get('file') as File).name).toBe('things.xlsx');
    const rows = within(dialog).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['整个文件', '整行', '数据有 5 行，一次最多导入 4 行，请分批导入'],
      ['3', '手机号', '与第 2 行重复'],
      ['4', '整行', '内容不合法！'],
    ]);
    expect(within(dialog).getByText('另有 3 处错误未列出')).toBeTruthy();
    expect(within(dialog).getByText('things.xlsx（13 B）')).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    expect(sent('systemUser/importCommit')).toHaveLength(0);
  });

  it('a clean file is confirmed: the same file goes to the commit call, the message is shown and the table reloads', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(['user::add']);
    const { dialog, input, confirm } = await openDialog();
    queue['systemUser/importCheck'] = [ok(CLEAN)];
    queue['systemUser/importCommit'] = [ok({ rows: 5 })];
    const file = xlsx();
    await user.upload(input(), file);
    expect(await within(dialog).findByText('检查通过：共 5 行数据，可以导入')).toBeTruthy();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    await user.click(confirm());
    expect(await screen.findByText('已导入 5 行数据')).toBeTruthy();
    expect(sent('systemUser/importCommit')[0]!.get('file')).toBe(file);
    await waitFor(() => expect(calls.filter((c) => c.path === 'thing/list')).toHaveLength(2));
  });

  it('a commit refused for errors found meanwhile shows them; a refused file says why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(['user::add']);
    const { dialog, input, confirm } = await openDialog();
    queue['systemUser/importCheck'] = [ok(CLEAN), { code: 422, message: '提交的内容不符合要求', data: { fields: { file: 'validation.importFile' } } }];
    queue['systemUser/importCommit'] = [{
      code: 422, message: '提交的内容不符合要求',
      data: { fields: { file: 'validation.importHasErrors' }, check: { rows: 5, more: 0, errors: [{ row: 2, column: 'resources.thing.name', key: 'validation.usernameTaken' }] } },
    }];
    await user.upload(input(), xlsx());
    await waitFor(() => expect(confirm().disabled).toBe(false));
    await user.click(confirm());
    expect(await within(dialog).findByText('该用户名已被使用！')).toBeTruthy();
    expect(confirm().disabled).toBe(true);

    await user.upload(input(), xlsx('renamed.xlsx', 'not a zip'));
    expect(await within(dialog).findByText('请选择 .xlsx 格式的 Excel 文件')).toBeTruthy();
    expect(confirm().disabled).toBe(true);
  });

  it('downloads the template', async () => {
    // jsdom has no object URLs: the saved file's link needs one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    queue['systemUser/importTemplate'] = [new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="t.xlsx"' },
    })];
    renderScreen(['user::add']);
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.map((c) => c.path)).toContain('systemUser/importTemplate');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
