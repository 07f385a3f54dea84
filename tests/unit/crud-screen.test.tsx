// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCrud } from './render-crud';
import type { ResourceSpec } from '@/lib/resources/types';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

// The URL is the table's state: a tiny in-memory router stands in for Next's.
const nav = vi.hoisted(() => ({ search: '', replaced: [] as string[] }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/things',
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ replace: (url: string) => { nav.replaced.push(url); nav.search = url.split('?')[1] ?? ''; }, push: vi.fn(), refresh: vi.fn() }),
}));

interface Thing { id: number; name: string; state: 'ON' | 'OFF'; version: number; hasChildren?: boolean }

const messages = { ...zh, resources: { thing: { title: '事物', name: '名称', state: '状态', on: '启用', off: '停用', add: '新增事物', edit: '编辑事物', none: '没有可停用的事物' } } };
const spec: ResourceSpec<Thing> = {
  key: 'thing',
  rowKey: (row) => row.id,
  list: 'role/roleList',
  search: [{ name: 'name', label: 'resources.thing.name', kind: 'text' }],
  columns: [
    { key: 'name', title: 'resources.thing.name', sort: 'name' },
    { key: 'state', title: 'resources.thing.state', kind: 'enum', options: [{ value: 'ON', label: 'resources.thing.on', color: 'green' }, { value: 'OFF', label: 'resources.thing.off' }] },
  ],
  form: {
    fields: [{ name: 'name', label: 'resources.thing.name', kind: 'text', required: true, max: 20 }],
    save: 'role/saveOrUpdate', create: 'resources.thing.add', edit: 'resources.thing.edit',
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
  remove: { path: 'role/del', batch: true },
};

const calls: { path: string; body: Record<string, unknown> }[] = [];
let things: Thing[] = [];
let answers: Record<string, (body: Record<string, unknown>) => { code: number; message: string; data: unknown }> = {};

function listAnswer(body: Record<string, unknown>) {
  const name = String(body.name ?? '');
  const matching = things.filter((t) => t.name.includes(name));
  const size = Number(body.pageSize), page = Number(body.pageNum);
  return { code: 200, message: '操作成功', data: { list: matching.slice((page - 1) * size, page * size), total: matching.length, totalPage: Math.ceil(matching.length / size) } };
}

beforeEach(() => {
  nav.search = '';
  nav.replaced = [];
  calls.length = 0;
  things = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `thing ${i + 1}`, state: i % 2 ? 'OFF' : 'ON', version: 1 }));
  answers = { 'role/roleList': listAnswer, 'role/saveOrUpdate': () => ({ code: 200, message: '操作成功', data: null }), 'role/del': () => ({ code: 200, message: '删除成功', data: null }) };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const answer = answers[path]?.(body) ?? { code: 404, message: 'x', data: null };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderScreen(buttons: string[], screenSpec: ResourceSpec<Thing> = spec) {
  return renderCrud(screenSpec, messages, 'role', buttons);
}

const searchBox = () => screen.getAllByRole('textbox', { name: '名称' })[0]!;

describe('the generic screen engine', { timeout: 20_000 }, () => {
  it('loads the first page of 10 and renders the columns, enum labels and total', async () => {
    renderScreen([]);
    expect(await screen.findByText('thing 1')).toBeTruthy();
    expect(calls[0]).toEqual({ path: 'role/roleList', body: { pageNum: 1, pageSize: 10 } });
    expect(screen.getAllByText('启用').length).toBeGreaterThan(0);
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(screen.queryByText('thing 11')).toBeNull();
  });

  it('keeps filters, page and order in the URL and sends them with the search', async () => {
    nav.search = 'name=thing%201&pageNum=2&pageSize=5&order=-name';
    renderScreen([]);
    await waitFor(() => expect(calls[0]).toEqual({ path: 'role/roleList', body: { pageNum: 2, pageSize: 5, order: '-name', name: 'thing 1' } }));
    expect((searchBox() as HTMLInputElement).value).toBe('thing 1');
  });

  it('searching writes the filter to the URL and goes back to page 1', async () => {
    nav.search = 'pageNum=2';
    renderScreen([]);
    await screen.findByText('thing 11');
    await userEvent.type(searchBox(), 'thing 3');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(nav.replaced.at(-1)).toBe('/things?name=thing+3');
  });

  it('sorting by a column sets the order; clearing it (normal) removes the order', async () => {
    renderScreen([]);
    await screen.findByText('thing 1');
    const header = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('名称'))!;
    await userEvent.click(header);
    expect(nav.replaced.at(-1)).toBe('/things?order=name');
  });

  it('hides the buttons the user lacks', async () => {
    renderScreen([]);
    await screen.findByText('thing 1');
    expect(screen.queryByRole('button', { name: /新增事物/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('creates through the edit modal with validation, then refreshes', async () => {
    renderScreen(['role::add']);
    await userEvent.click(await screen.findByRole('button', { name: /新增事物/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入名称！')).toBeTruthy();
    expect(calls.some((c) => c.path === 'role/saveOrUpdate')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('名称'), 'new thing');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.path === 'role/saveOrUpdate')?.body).toEqual({ name: 'new thing' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/roleList').length).toBe(2));
  });

  it('shows the field messages of a 422 on their fields and keeps the dialog open', async () => {
    answers['role/saveOrUpdate'] = () => ({ code: 422, message: '提交的内容不符合要求！', data: { fields: { name: 'validation.tooLong' } } });
    renderScreen(['role::edit']);
    const row = (await screen.findByText('thing 1')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('thing 1');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('内容过长！')).toBeTruthy();
    expect(calls.find((c) => c.path === 'role/saveOrUpdate')?.body).toEqual({ id: 1, version: 1, name: 'thing 1' });
  });

  it('deletes after confirmation and says deletion cancelled on cancel', async () => {
    renderScreen(['role::delete']);
    const row = (await screen.findByText('thing 2')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect((await screen.findAllByText('确定删除该数据吗？')).length).toBeGreaterThan(0);
    await userEvent.click((await screen.findAllByText(/^(取\s*消|Cancel)$/)).map((l) => l.closest('button')!).find((b) => b.closest('.ant-modal-confirm'))!);
    expect(await screen.findByText('已取消删除')).toBeTruthy();
    expect(calls.some((c) => c.path === 'role/del')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findAllByText(/^删\s*除$/)).map((label) => label.closest('button')!);
    await userEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.path === 'role/del')?.body).toEqual({ id: 2 }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('deletes the selected rows in a batch', async () => {
    renderScreen(['role::delete']);
    await screen.findByText('thing 1');
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(screen.getByRole('button', { name: /批量删除（2）/ }));
    expect((await screen.findAllByText('确定删除选中的 2 条数据吗？')).length).toBeGreaterThan(0);
    const confirm = (await screen.findAllByText(/^删\s*除$/)).map((label) => label.closest('button')!);
    await userEvent.click(confirm.at(-1)!);
    // One call with every selected id (the service deletes all or none), one message.
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/del').map((c) => c.body)).toEqual([{ ids: [1, 2] }]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/roleList')).toHaveLength(2));
    expect(screen.getAllByText('删除成功')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'role/del')).toHaveLength(1);
  });

  it('a batch carries what the spec asks for, and rows that may not go cannot be selected', async () => {
    const versioned: ResourceSpec<Thing> = {
      ...spec,
      remove: { ...spec.remove!, when: (row) => row.state === 'OFF', batchBody: (rows) => ({ items: rows.map((r) => ({ id: r.id, version: r.version })) }) },
    };
    answers['role/del'] = () => ({ code: 409, message: '“thing 4”已被他人修改，请刷新后重试！', data: null });
    renderScreen(['role::delete'], versioned);
    await screen.findByText('thing 1');
    const box = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox') as HTMLInputElement;
    expect(box('thing 1').disabled).toBe(true);
    await userEvent.click(box('thing 2'));
    await userEvent.click(box('thing 4'));
    await userEvent.click(screen.getByRole('button', { name: /批量删除（2）/ }));
    const confirm = (await screen.findAllByText(/^删\s*除$/)).map((label) => label.closest('button')!);
    await userEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/del').map((c) => c.body))
      .toEqual([{ items: [{ id: 2, version: 1 }, { id: 4, version: 1 }] }]));
  });
  it('toolbar batch actions: one confirmed call with the selected rows, or with none; 查询 reads the rows again', async () => {
    const withBatch: ResourceSpec<Thing> = {
      ...spec, remove: undefined,
      batchActions: [
        { key: 'on', label: 'resources.thing.on', question: 'resources.thing.title', done: 'resources.thing.add', path: 'role/changeState', body: (rows) => ({ ids: rows.map((r) => r.id) }), when: (row) => row.state === 'OFF' },
        { key: 'all', label: 'resources.thing.off', question: 'resources.thing.title', done: 'resources.thing.add', path: 'role/changeState', body: () => ({ all: true }), selection: false },
      ],
    };
    answers['role/changeState'] = () => ({ code: 200, message: '操作成功', data: { count: 1 } });
    renderScreen(['role::state'], withBatch);
    await screen.findByText('thing 1');
    const box = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox') as HTMLInputElement;
    expect(box('thing 1').disabled).toBe(true);
    expect((screen.getByRole('button', { name: /^启\s*用$/ }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(box('thing 2'));
    await userEvent.click(screen.getByRole('button', { name: /^启\s*用$/ }));
    // The confirmation's primary button (the last of its buttons), whatever its label.
    const ok = async () => {
      await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-btns button').length).toBeGreaterThan(0));
      await userEvent.click([...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].at(-1)!);
    };
    await ok();
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/changeState').map((c) => c.body)).toEqual([{ ids: [2] }]));
    expect((await screen.findAllByText('新增事物')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /^停\s*用$/ }));
    await ok();
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/changeState').map((c) => c.body)).toEqual([{ ids: [2] }, { all: true }]));
    const reads = calls.filter((c) => c.path === 'role/roleList').length;
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'role/roleList').length).toBe(reads + 1));
  });

  it('a batch action with nothing to act on is disabled and says why', async () => {
    let failed = 0;
    const withCount: ResourceSpec<Thing> = {
      ...spec, remove: undefined,
      batchActions: [{
        key: 'all', label: 'resources.thing.off', question: 'resources.thing.title', done: 'resources.thing.add', path: 'role/changeState',
        body: () => ({ all: true }), selection: false, available: { counts: [{ path: 'businessDataSyncLog/list', body: { status: 'FAILED' } }], none: 'resources.thing.none' },
      }],
    };
    answers['businessDataSyncLog/list'] = () => ({ code: 200, message: 'ok', data: { list: [], total: failed, totalPage: 0 } });
    renderScreen(['role::state'], withCount);
    await screen.findByText('thing 1');
    const button = () => screen.getByRole('button', { name: /^停\s*用$/ }) as HTMLButtonElement;
    await waitFor(() => expect(button().disabled).toBe(true));
    await userEvent.setup({ pointerEventsCheck: 0 }).hover(button());
    expect(await screen.findByText('没有可停用的事物')).toBeTruthy();
    // Once there is something to push (the table read again), it is enabled.
    failed = 2;
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(button().disabled).toBe(false));
  });

  it('keeps the same buttons in a row when a column\'s options arrive from their call', async () => {
    // The selection, a name column and a short group column leave the actions 360 px; the group's long option
    // labels, once loaded, would leave them 270, where two of the three actions go into 更多.
    const assign = (key: string) => ({ key, label: 'resources.thing.assign', confirm: { question: 'resources.thing.assign', path: 'role/del' as const, body: (row: Thing) => ({ id: row.id }) } });
    const wide: ResourceSpec<Thing> = {
      ...spec,
      columns: [
        { key: 'name', title: 'resources.thing.name', width: 627 },
        { key: 'state', title: 'resources.thing.group', kind: 'enum', width: 60, source: { path: 'systemOrganiza/orgTree', toOptions: (data) => data as { value: string; label: string }[] } },
      ],
      actions: [assign('a'), assign('b'), assign('c')],
    };
    answers['systemOrganiza/orgTree'] = () => ({ code: 200, message: '操作成功', data: [{ value: 'ON', label: 'a group with a rather long name indeed' }] });
    renderCrud(wide, { ...messages, resources: { thing: { ...messages.resources.thing, group: '分组', assign: '分配角色' } } }, 'role', ['role::edit', 'role::delete']);
    const row = (await screen.findByText('thing 1')).closest('tr')!;
    // By the buttons' labels: a role query walks every element's styles in jsdom, seconds a query in a row this wide.
    const inline = () => within(row).queryAllByText('分配角色', { selector: 'button *' }).length;
    expect(inline()).toBe(3);
    await waitFor(() => expect(within(row).getByText('a group with a rather long name indeed')).toBeTruthy());
    expect(inline()).toBe(3);
    expect(within(row).queryByText('更多', { selector: 'button *' })).toBeNull();
  });
});
