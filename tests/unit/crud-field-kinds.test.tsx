// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { CallPath } from '../../lib/contract/calls';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCrud } from './render-crud';
import type { RegionEntry } from '@/lib/contract/region';
import type { ResourceSpec } from '@/lib/resources/types';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

const nav = vi.hoisted(() => ({ search: '', replaced: [] as string[] }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/gadgets',
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ replace: (url: string) => { nav.replaced.push(url); nav.search = url.split('?')[1] ?? ''; }, push: vi.fn(), refresh: vi.fn() }),
}));

interface Gadget {
  id: number; name: string; version: number; priceMin: number | null; priceMax: number | null;
  saleFrom: string | null; saleTo: string | null; pinned: boolean; labels: string[]; regionCode: string | null;
  manual: { id: number; name: string; size: number } | null;
}

const g = (key: string) => `resources.gadget.${key}`;
const messages = {
  ...zh,
  resources: {
    ...zh.resources,
    gadget: { title: '器件', name: '名称', price: '价格', sale: '销售期', pinned: '置顶', labels: '标签', region: '地区', manual: '说明书', add: '新增器件', edit: '编辑器件' },
  },
};
const spec: ResourceSpec<Gadget> = {
  key: 'gadget',
  rowKey: (row) => row.id,
  list: 'gadget/list' as CallPath,
  search: [
    { name: 'price', label: g('price'), kind: 'numberRange', bounds: { min: 0 } },
    { name: 'sale', label: g('sale'), kind: 'dateRange' },
    { name: 'pinned', label: g('pinned'), kind: 'switch' },
    { name: 'labels', label: g('labels'), kind: 'tags', max: 4, maxTags: 3 },
    { name: 'regionCode', label: g('region'), kind: 'region' },
  ],
  columns: [{ key: 'name', title: g('name') }, { key: 'labels', title: g('labels') }],
  form: {
    fields: [
      { name: 'name', label: g('name'), kind: 'text', required: true },
      { name: 'price', label: g('price'), kind: 'numberRange' },
      { name: 'sale', label: g('sale'), kind: 'dateRange' },
      { name: 'pinned', label: g('pinned'), kind: 'switch' },
      { name: 'labels', label: g('labels'), kind: 'tags', max: 4, maxTags: 3 },
      { name: 'regionCode', label: g('region'), kind: 'region' },
      { name: 'manual', label: g('manual'), kind: 'file', required: true, upload: { path: 'gadget/upload' as CallPath, accept: ['pdf', 'png'], maxBytes: 1024 * 1024, fields: { purpose: 'MANUAL' } } },
    ],
    save: 'gadget/save' as CallPath, create: g('add'), edit: g('edit'),
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
};

const PROVINCES: RegionEntry[] = [{ letter: 'H', name: '湖南省', code: '430000', parentCode: '86' }, { letter: 'B', name: '北京市', code: '110000', parentCode: '86' }];
const CITIES: RegionEntry[] = [{ letter: 'C', name: '长沙市', code: '430100', parentCode: '430000' }, { letter: 'Z', name: '株洲市', code: '430200', parentCode: '430000' }];
const ROW: Gadget = {
  id: 1, name: '扳手', version: 3, priceMin: 10, priceMax: 20, saleFrom: '2025-01-01', saleTo: '2025-01-31', pinned: true,
  labels: ['热销'], regionCode: '430100', manual: { id: 9, name: '说明.pdf', size: 2048 },
};

const calls: { path: string; body: unknown }[] = [];
const json = (data: unknown, code = 200, message = '操作成功') => new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  nav.search = '';
  nav.replaced = [];
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '');
    const body = init.body instanceof FormData ? init.body : JSON.parse(String(init.body ?? '{}'));
    calls.push({ path, body });
    if (path === 'gadget/list') return json({ list: [ROW], total: 1, totalPage: 1 });
    if (path === 'mobile/public/getAreainfo') return json((body as { parentCode: string }).parentCode === '86' ? PROVINCES : CITIES);
    if (path === 'gadget/upload') {
      const file = (body as FormData).get('file') as File;
      return json({ id: 77, name: file.name, size: file.size, mime: 'application/pdf' });
    }
    if (path === 'gadget/save') return json(null);
    return json(null, 404, 'x');
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderScreen(buttons: string[] = []) {
  // Its calls are of no table: an administrator may make them.
  return renderCrud(spec, messages, 'gadget', buttons, 0);
}

const lists = () => calls.filter((c) => c.path === 'gadget/list').map((c) => c.body);
const saves = () => calls.filter((c) => c.path === 'gadget/save').map((c) => c.body);
const search = () => screen.getByRole('button', { name: /查\s*询/ });
/** The search form (the edit modal's form is rendered too, in a portal after it). */
const searchForm = () => document.querySelectorAll('form')[0]!;
const inSearch = () => within(searchForm());
/** The search form shows one row until it is unfolded. */
const unfold = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /展开/ }));
const inputValue = (label: string, scope: HTMLElement = searchForm()) => (within(scope).getByLabelText(label) as HTMLInputElement).value;

describe('field kinds of the screen engine', { timeout: 30_000 }, () => {
  it('search: the URL fills every kind of field and goes to the call typed', async () => {
    nav.search = 'priceMin=10&priceMax=20&saleFrom=2025-01-01&saleTo=2025-01-31&pinned=false&labels=%E7%83%AD%E9%94%80,%E6%96%B0&regionCode=430100';
    renderScreen();
    await screen.findByText('扳手');
    expect(lists()[0]).toEqual({
      pageNum: 1, pageSize: 10, priceMin: 10, priceMax: 20, saleFrom: '2025-01-01', saleTo: '2025-01-31', pinned: false, labels: ['热销', '新'], regionCode: '430100',
    });
    expect(inputValue('价格最小值')).toBe('10');
    expect(inputValue('价格最大值')).toBe('20');
    const form = searchForm();
    // The picker's box shows the period at once; the picker itself once its code has arrived.
    expect(Array.from(form.querySelectorAll<HTMLInputElement>('.ant-picker-range input')).map((i) => i.value)).toEqual(['2025-01-01', '2025-01-31']);
    await waitFor(() => expect(form.querySelector('.ant-picker-range[aria-hidden]')).toBeNull());
    expect(Array.from(form.querySelectorAll<HTMLInputElement>('.ant-picker-range input')).map((i) => i.value)).toEqual(['2025-01-01', '2025-01-31']);
    expect(within(form).getByTitle('否')).toBeTruthy();
    expect(within(form).getAllByText('新').length).toBeGreaterThan(0);
    expect(await within(form).findByTitle('湖南省 / 长沙市')).toBeTruthy();
  });

  it('search: a reversed number range is refused; typed values go to the URL', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('扳手');
    await unfold(user);
    await user.type(inSearch().getByLabelText('价格最小值'), '50');
    await user.type(inSearch().getByLabelText('价格最大值'), '5');
    await user.click(search());
    expect(await screen.findByText('最小值不能大于最大值')).toBeTruthy();
    expect(nav.replaced).toEqual([]);

    await user.clear(inSearch().getByLabelText('价格最大值'));
    await user.type(inSearch().getByLabelText('标签'), '急,复核{enter}');
    await user.click(inSearch().getByLabelText('置顶'));
    await user.click(await screen.findByTitle('是'));
    await user.click(search());
    await waitFor(() => expect(nav.replaced.at(-1)).toBe('/gadgets?priceMin=50&pinned=true&labels=%E6%80%A5%2C%E5%A4%8D%E6%A0%B8'));
  });

  it('search: tags over their count or length are refused', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('扳手');
    await unfold(user); // the tags field is in the folded part of the form
    await user.type(inSearch().getByLabelText('标签'), '太长的标签{enter}');
    await user.click(search());
    expect(await screen.findByText('每个标签不能超过 4 个字')).toBeTruthy();
    expect(nav.replaced).toEqual([]);
  });

  it('edit: a row round-trips through the form to the same payload; changes land in it', async () => {
    // The closed dialog stays in the page while its (jsdom-endless) closing animation runs.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(['gadget::edit']);
    const row = (await screen.findByText('扳手')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    let dialog = await screen.findByRole('dialog');
    expect(inputValue('价格最小值', dialog)).toBe('10');
    expect(within(dialog).getByRole('switch', { name: '置顶' }).getAttribute('aria-checked')).toBe('true');
    // The file widget's code arrives when the form first shows one.
    expect(await within(dialog).findByText('说明.pdf')).toBeTruthy();
    expect(within(dialog).getByText('2 KB')).toBeTruthy();
    expect(await within(dialog).findByTitle('湖南省 / 长沙市')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()[0]).toEqual({
      ...ROW, manual: 9, priceMin: 10, priceMax: 20, saleFrom: '2025-01-01', saleTo: '2025-01-31', pinned: true, labels: ['热销'], regionCode: '430100',
    }));

    // Saving closes the dialog: open it again and change every kind.
    await waitFor(() => expect(lists()).toHaveLength(2));
    await user.click(within((await screen.findByText('扳手')).closest('tr')!).getByRole('button', { name: /编\s*辑/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: '置顶' }));
    await user.clear(within(dialog).getByLabelText('价格最大值'));
    await user.type(within(dialog).getByLabelText('标签'), '新{enter}');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()[1]).toMatchObject({ pinned: false, priceMin: 10, labels: ['热销', '新'] }));
    expect(saves()[1]).not.toHaveProperty('priceMax');
  });

  it('file: refuses a wrong type or size before sending, uploads the rest as multipart and sends its id', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(['gadget::add']);
    await user.click(await screen.findByRole('button', { name: /新增器件/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '锤子');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请上传说明书！')).toBeTruthy();
    expect(within(dialog).getByText('PDF / PNG，不超过 1 MB')).toBeTruthy();

    const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['MZ'], 'tool.exe'));
    expect(await screen.findByText('只能上传 PDF / PNG 文件')).toBeTruthy();
    const big = new File(['%PDF-'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 });
    await user.upload(input(), big);
    expect(await screen.findByText('文件不能超过 1 MB')).toBeTruthy();
    expect(calls.some((c) => c.path === 'gadget/upload')).toBe(false);

    await user.upload(input(), new File(['%PDF-1.4'], 'wrong.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('wrong.pdf')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '移除 wrong.pdf' }));
    expect(within(dialog).queryByText('wrong.pdf')).toBeNull();

    await user.upload(input(), new File(['%PDF-1.4 manual'], '锤子说明.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('锤子说明.pdf')).toBeTruthy();
    expect(within(dialog).getByText('15 B')).toBeTruthy();
    const sent = calls.filter((c) => c.path === 'gadget/upload').at(-1)!.body as FormData;
    expect(sent.get('purpose')).toBe('MANUAL');
    expect((sent.get('file') as File).name).toBe('锤子说明.pdf');

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()[0]).toEqual({ name: '锤子', manual: 77, pinned: false, labels: [] }));
  });
});
