// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegionPicker, type RegionValue } from '@/components/widgets/region-picker';
import type { RegionEntry } from '@/lib/contract/region';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

// The service's order (letter, then code), deliberately shuffled here: the picker sorts.
const PROVINCES: RegionEntry[] = [
  { letter: 'H', name: '湖南省', code: '430000', parentCode: '86' },
  { letter: 'B', name: '北京市', code: '110000', parentCode: '86' },
  { letter: 'G', name: '广东省', code: '440000', parentCode: '86' },
];
const CITIES: Record<string, RegionEntry[]> = {
  '430000': [
    { letter: 'Z', name: '株洲市', code: '430200', parentCode: '430000' },
    { letter: 'C', name: '长沙市', code: '430100', parentCode: '430000' },
  ],
  '440000': [{ letter: 'G', name: '广州市', code: '440100', parentCode: '440000' }],
};

const envelope = (data: unknown, code = 200) =>
  new Response(JSON.stringify({ code, message: code === 200 ? 'ok' : 'failed', data }), { headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;
let provincesFail = false;

function requestedParents() {
  return fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body ?? '{}')) as { parentCode?: string }).parentCode);
}

function renderZh(ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={zh} timeZone="Asia/Shanghai">
      <App>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{ui}</SWRConfig>
      </App>
    </NextIntlClientProvider>,
  );
}

const menus = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-cascader-menu'));
const items = (menu: HTMLElement | undefined) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('.ant-cascader-menu-item') ?? []).map((item) => item.textContent);

beforeEach(() => {
  provincesFail = false;
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe('/api/mobile/public/getAreainfo');
    const { parentCode } = JSON.parse(String(init?.body ?? '{}')) as { parentCode?: string };
    if (parentCode === '86') return provincesFail ? envelope(null, 500) : envelope(PROVINCES);
    return envelope(CITIES[parentCode ?? ''] ?? []);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(requestedParents()).toContain('86'));
  await user.click(screen.getByRole('combobox'));
  await waitFor(() => expect(items(menus()[0]).length).toBeGreaterThan(0));
}

describe('RegionPicker', { timeout: 20_000 }, () => {
  it('shows the placeholder and lists provinces by letter group, with the letter', async () => {
    const user = userEvent.setup();
    renderZh(<RegionPicker />);
    expect(await screen.findByText('请选择省 / 市')).toBeTruthy();

    await openPicker(user);

    expect(items(menus()[0])).toEqual(['B 北京市', 'G 广东省', 'H 湖南省']);
    expect(requestedParents()).toEqual(['86']);
  });

  it('loads the cities of a province when it is chosen, and reports both codes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderZh(<RegionPicker onChange={onChange} />);
    await openPicker(user);

    await user.click(screen.getByText('H 湖南省'));

    await waitFor(() => expect(items(menus()[1])).toEqual(['C 长沙市', 'Z 株洲市']));
    expect(requestedParents()).toEqual(['86', '430000']);
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(menus()[1]!).getByText('C 长沙市'));

    expect(onChange).toHaveBeenCalledWith(['430000', '430100']);
  });

  it('filters by name when the user types', async () => {
    const user = userEvent.setup();
    renderZh(<RegionPicker />);
    await openPicker(user);

    await user.type(screen.getByRole('combobox'), '广东');

    await waitFor(() => expect(items(menus()[0])).toEqual(['G 广东省']));
  });

  it('works as a controlled Form field and shows the chosen names', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    renderZh(
      <Form onFinish={submitted} initialValues={{ region: ['440000', '440100'] satisfies RegionValue }}>
        <Form.Item name="region" label="地区"><RegionPicker /></Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>,
    );

    expect(await screen.findByTitle('广东省 / 广州市')).toBeTruthy();
    expect(requestedParents()).toContain('440000');

    await openPicker(user);
    await user.click(screen.getByText('H 湖南省'));
    await waitFor(() => expect(items(menus()[1])).toContain('Z 株洲市'));
    await user.click(within(menus()[1]!).getByText('Z 株洲市'));
    expect(await screen.findByTitle('湖南省 / 株洲市')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ region: ['430000', '430200'] }));
  });

  it('says the regions could not be loaded and retries on request', async () => {
    const user = userEvent.setup();
    provincesFail = true;
    renderZh(<RegionPicker />);

    expect(await screen.findByText('地区加载失败')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();

    provincesFail = false;
    await user.click(screen.getByRole('button', { name: /重试/ }));

    expect(await screen.findByRole('combobox')).toBeTruthy();
    expect(screen.queryByText('地区加载失败')).toBeNull();
    await openPicker(user);
    expect(items(menus()[0])).toEqual(['B 北京市', 'G 广东省', 'H 湖南省']);
  });
});
