// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntakeDialog } from '@/components/intake/intake-dialog';
import { idCheckDigit } from '@/lib/workflow/id-number';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

type Answer = { code: number; message: string; data: unknown };
const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[] | ((body: Record<string, unknown>) => Answer)> = {};
const ok = (data: unknown = null): Answer => ({ code: 200, message: '操作成功', data });
const ORGS: Record<string, { id: number; name: string; type: string }[]> = {
  RENSHE: [{ id: 2, name: '长沙市人社局', type: 'RENSHE' }],
  GUARANTEE: [{ id: 3, name: '鑫诚担保', type: 'GUARANTEE' }],
  BANK: [{ id: 5, name: '工商银行', type: 'BANK' }],
};

const PRODUCT = {
  id: 9, code: 'PERSON-STD', revision: 2, current: true, nameZh: '个人创业担保贷款', nameEn: 'Personal', borrowerType: 'PERSON', clientGroupIds: [],
  amountMin: 10000, amountMax: 300000, terms: [12, 24, 36], rateMarginBp: 150, rateCap: 0.0435, rateMax: 0.0435, subsidyShare: 0.5,
  repaymentMethods: ['INTEREST_MONTHLY'], guaranteeMethods: ['HOUSE', 'GUARANTOR', 'CREDIT'], moduleId: null, state: 'ENABLED', sort: 1, usedCount: 0,
  version: 1, updateTime: '2026-01-01T00:00:00.000Z',
};
const method = (code: string, open: boolean) => ({ code, nameZh: code, nameEn: code, maxAmount: 300000, guarantorCount: null, requiredDocs: [], open, closedBy: open ? null : 'NOT_ELIGIBLE' });
let METHODS = [method('HOUSE', true), method('GUARANTOR', true), method('CREDIT', true)];

beforeEach(() => {
  METHODS = [method('HOUSE', true), method('GUARANTOR', true), method('CREDIT', true)];
  calls.length = 0;
  answers = {
    'systemOrganiza/getInstitutionDropdown': (body) => ok(ORGS[String(body.type)]),
    'businessSchemaConfig/options': () => ok([PRODUCT]),
    'businessApproveRecord/userGuaranteeMethod': () => ok({ whitelisted: false, methods: METHODS }),
    // The cap and the longest term the dialog checks are the borrower type's settings.
    'business-client-group/typeOfBorrowerList': () => ok([{
      borrowerType: 'PERSON', nameZh: '个人', nameEn: 'Person', capAmount: 300000, totalCapAmount: null, partnerUplift: null, maxTermMonths: 36,
      keyHireShare: null, keyHireLargeShare: null, keyHireStaffThreshold: null, version: 1,
    }]),
  };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '').split('?')[0]!;
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const queued = answers[path];
    const answer = typeof queued === 'function' ? queued(body) : queued?.shift() ?? { code: 404, message: 'x', data: null };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function wrap(node: ReactNode) {
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={zh} timeZone="Asia/Shanghai">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>{node}</App>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
}

const SUBMIT = /^提交申请$/;
const submitted = () => calls.filter((c) => c.path === 'channel/application/submit').map((c) => c.body);
const fill = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getAllByLabelText(label)[0]!, { target: { value } });
const PROPOSER_ID = `43010219900307451${idCheckDigit('43010219900307451')}`;

describe('intake dialog', { timeout: 60_000 }, () => {
  it('checks the fields, keeps one client key for every attempt, shows a refusal and puts field messages on their fields', async () => {
    const close = vi.fn(), done = vi.fn();
    answers['channel/application/submit'] = [
      { code: 409, message: '周晓明 在黑名单中，不能申请：逾期未还款！', data: null },
      { code: 422, message: '提交的内容不符合要求！', data: { fields: { 'proposer.mobile': 'validation.mobileFormat', rate: 'validation.invalid', termMonths: 'validation.productTerm|{"terms":"12, 24, 36"}' } } },
      ok({ id: 77, number: 'SQ202601010000077', status: 'IN_REVIEW', whitelisted: false }),
    ];
    wrap(<IntakeDialog close={close} done={done} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(calls.filter((c) => c.path === 'systemOrganiza/getInstitutionDropdown')).toHaveLength(3));
    // The product is chosen and its limits shown.
    expect(await within(dialog).findByText('贷款金额 ¥10,000 至 ¥300,000，期限 12/24/36 个月，利率不超过 4.35%')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    // Each message names its field, as every form's does.
    expect(await within(dialog).findByText('请输入姓名！')).toBeTruthy();
    expect(within(dialog).getByText('请输入户籍所在地！')).toBeTruthy();
    expect(within(dialog).queryByText('请填写此项')).toBeNull();
    expect(submitted()).toHaveLength(0);

    fill(dialog, '姓名', '周晓明');
    fill(dialog, '身份证号', '430102199003074510');
    fill(dialog, '手机号', '13712345678');
    fill(dialog, '户籍所在地', '湖南省长沙市');
    fill(dialog, '就业类别', '高校毕业生');
    fill(dialog, '申请金额（元）', '300001');
    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请输入正确的身份证号码')).toBeTruthy();
    expect(await within(dialog).findByText('申请金额超过该类借款人的上限')).toBeTruthy();

    fill(dialog, '身份证号', PROPOSER_ID);
    fill(dialog, '申请金额（元）', '200000');
    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('周晓明 在黑名单中，不能申请：逾期未还款！')).toBeTruthy();
    const [first] = submitted();
    expect(first).toMatchObject({
      borrowerType: 'PERSON', amount: 200000, termMonths: 24, rate: 0.0435, guaranteeMethod: 'CREDIT', productId: 9, rensheOrgId: 2, guaranteeOrgId: 3, bankOrgId: 5,
      proposer: { name: '周晓明', idNumber: PROPOSER_ID, mobile: '13712345678', gender: 'MALE', employmentCategory: '高校毕业生' },
    });
    expect(String(first!.clientKey)).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('手机号格式不正确！')).toBeTruthy();
    expect(within(dialog).getByText('内容不合法！')).toBeTruthy();
    expect(within(dialog).getByText('该产品的贷款期限为 12, 24, 36 个月')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(done).toHaveBeenCalledWith({ id: 77, number: 'SQ202601010000077', status: 'IN_REVIEW', whitelisted: false }));
    expect(await screen.findByText('申请已录入，编号 SQ202601010000077')).toBeTruthy();
    expect(close).toHaveBeenCalled();
    expect(new Set(submitted().map((b) => b.clientKey)).size).toBe(1);
    expect(submitted()).toHaveLength(3);
    // The methods were asked for the proposer as entered.
    expect(calls.find((c) => c.path === 'businessApproveRecord/userGuaranteeMethod')?.body).toMatchObject({ idNumber: PROPOSER_ID, employmentCategory: '高校毕业生' });
  });

  it('offers only the methods open to the proposer: a closed one says why, and a closed choice is refused naming the method', async () => {
    METHODS = [method('HOUSE', true), method('GUARANTOR', true), method('CREDIT', false)];
    wrap(<IntakeDialog close={vi.fn()} done={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('填写身份证号后显示申请人可用的担保方式')).toBeTruthy();
    fill(dialog, '身份证号', PROPOSER_ID);
    await within(dialog).findByRole('radio', { name: /免担保.*（非白名单且非免担保群体）/ }, { timeout: 10_000 });
    // The default (credit-exempt) is closed to this proposer: submitting names it, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('该申请人不能使用免担保（信用）', {}, { timeout: 10_000 })).toBeTruthy();
    expect(submitted()).toHaveLength(0);
    // Another method can be chosen; the closed one, once left, cannot be chosen again.
    fireEvent.click(within(dialog).getByRole('radio', { name: /房产抵押/ }));
    await waitFor(() => expect((within(dialog).getByRole('radio', { name: /免担保/ }) as HTMLInputElement).disabled).toBe(true), { timeout: 10_000 });
  });
});
