// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountDialog, newReportId } from '@/components/post-loan/account-dialogs';
import { schedulePage } from '@/components/post-loan/account-view';
import { compensateInput, decideInput, recoverInput, repayInput, writeOffInput, type LoanAccount } from '@/lib/contract/loans';
import { accountActions } from '@/lib/resources/ledger';
import { callAllowed } from '@/lib/call-access';
import type { CallPath } from '@/lib/contract/calls';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

const NONE = { repay: false, compensate: false, confirmCompensation: false, recover: false, writeOff: false, confirmWriteOff: false };
const period = (n: number, state: 'DUE' | 'PAID' | 'OVERDUE', paid = 0) => ({
  period: n, dueDate: `2026-${String(n).padStart(2, '0')}-20`, principal: 8333.33, interest: 429.17, paidPrincipal: paid, paidInterest: 0,
  paidOn: state === 'PAID' ? `2026-${String(n).padStart(2, '0')}-20` : null, state, overdueDays: state === 'OVERDUE' ? 9 : 0,
  subsidy: state === 'PAID' ? 250 : null, borrowerInterest: state === 'PAID' ? 179.17 : null, claim: null,
});
const ACCOUNT: LoanAccount = {
  account: {
    id: 41, number: 'SQ202601010041', name: '王五', idNumber: '430***********1234', borrowerType: 'PERSON', bankOrg: '中国工商银行长沙分行',
    guaranteeOrg: '长沙鑫诚融资担保有限公司', principal: 100000, outstanding: 91666.67, issueDate: '2026-01-20', maturityDate: '2027-01-20',
    method: 'EQUAL_INSTALMENT', rate: 0.0515, state: 'OVERDUE', overdueDays: 9, nextDueDate: '2026-02-20', nextDueAmount: 8762.5,
    settledHow: null, settledOn: null, version: 7, termMonths: 12, compensated: 0, recovered: 0, writtenOff: 0, claimDays: 90, writeOffFrom: null,
  },
  // The second period is partly paid: what it still owes is prefilled.
  schedule: [period(1, 'PAID', 8333.33), period(2, 'OVERDUE', 333.33), period(3, 'DUE')],
  repayments: [],
  compensations: [{ id: 3, principal: 91666.67, interest: 858.34, paidOn: '2026-06-01', state: 'PENDING', recordedBy: '担保审核员', decidedBy: null, opinion: '', createTime: '2026-06-01T02:00:00Z' }],
  recoveries: [],
  writeOffs: [],
  can: { ...NONE, repay: true },
};

type Answer = { code: number; message: string; data: unknown };
const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[]> = {};

beforeEach(() => {
  calls.length = 0;
  answers = {};
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace('/api/', '').split('?')[0]!;
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const answer = answers[path]?.shift() ?? { code: 404, message: 'x', data: null };
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
const OK = /^确\s*定$|^OK$/;
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('a loan account\'s buttons', () => {
  it('shows an action only when the user holds its button and the account allows it', () => {
    // A holder of these buttons (and every page), asked as the screen asks: by the call the button makes.
    const holds = (codes: string[]) => (path: CallPath) => callAllowed(path, { admin: false, button: (code) => codes.includes(code), page: () => true });
    expect(accountActions({ can: { ...NONE, repay: true } }, holds(['postLoan::repay']))).toEqual(['repay']);
    expect(accountActions({ can: { ...NONE, repay: true } }, holds([]))).toEqual([]);
    expect(accountActions({ can: NONE }, holds(['postLoan::repay']))).toEqual([]);
    // 核销 is the chargeOff button of the menu.
    expect(accountActions({ can: { ...NONE, writeOff: true, confirmWriteOff: true } }, holds(['postLoan::chargeOff']))).toEqual(['writeOff']);
    expect(accountActions({ can: { ...NONE, confirmWriteOff: true } }, holds(['postLoan::confirmChargeOff']))).toEqual(['confirmWriteOff']);
  });

  it('makes report ids the contract takes', () => {
    const id = newReportId();
    expect(id).toMatch(/^RP\d{8}[0-9A-F]{10}$/);
    expect(newReportId()).not.toBe(id);
  });
});

describe('the account\'s dialogs', { timeout: 20_000 }, () => {
  it('还款登记 prefills the earliest unpaid period\'s amounts and sends them with the version, a report id and a key', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/repay'] = [{ code: 200, message: '操作成功', data: ACCOUNT }];
    wrap(<AccountDialog action="repay" account={ACCOUNT} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/第 2 期应还本金 ¥8,000\.00，利息 ¥429\.17/)).toBeTruthy();
    expect((within(dialog).getByLabelText('本金（元）') as HTMLInputElement).value).toMatch(/8,?000(\.00)?/);
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('loanAccount/repay')).toHaveLength(1));
    const body = sent('loanAccount/repay')[0]!;
    expect(body).toMatchObject({ id: 41, version: 7, kind: 'PERIOD', period: 2, principal: 8000, interest: 429.17 });
    expect(String(body.paidOn)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(body.key)).toMatch(/^[0-9a-f-]{36}$/);
    expect(repayInput.safeParse(body).success).toBe(true);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(refresh).toHaveBeenCalled();
    expect(await screen.findByText('还款已登记')).toBeTruthy();
  });

  it('代偿复核 asks again before a rejection, which needs an opinion', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/confirmCompensation'] = [{ code: 200, message: '操作成功', data: ACCOUNT }];
    wrap(<AccountDialog action="confirmCompensation" account={{ ...ACCOUNT, can: { ...NONE, confirmCompensation: true } }} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/代偿 ¥92,525\.01，2026-06-01，登记人 担保审核员/)).toBeTruthy();
    await userEvent.click(within(dialog).getByText('驳回'));
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('请填写审核意见')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('审批意见'), '金额与银行流水不符');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    const [question] = await screen.findAllByText('确认驳回？驳回后需重新登记。');
    expect(sent('loanAccount/confirmCompensation')).toHaveLength(0);
    const confirm = question!.closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('loanAccount/confirmCompensation')).toHaveLength(1));
    const body = sent('loanAccount/confirmCompensation')[0]!;
    expect(body).toMatchObject({ id: 41, version: 7, entryId: 3, decision: 'REJECT', opinion: '金额与银行流水不符' });
    expect(decideInput.safeParse(body).success).toBe(true);
  });

  it('says a 409 in the loan\'s words and reads the account again', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/repay'] = [{ code: 409, message: '数据已被他人修改，请刷新后重试！', data: null }];
    wrap(<AccountDialog action="repay" account={ACCOUNT} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await screen.findByText('该贷款已被他人更新，已刷新，请重新操作')).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('代偿登记 prefills the outstanding principal and the overdue interest, and asks before it goes', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/compensate'] = [{ code: 200, message: '操作成功', data: ACCOUNT }];
    wrap(<AccountDialog action="compensate" account={ACCOUNT} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    const [question] = await screen.findAllByText('确认为贷款 SQ202601010041 登记代偿 ¥92,095.84？');
    expect(sent('loanAccount/compensate')).toHaveLength(0);
    await userEvent.click(within(question!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('loanAccount/compensate')).toHaveLength(1));
    const body = sent('loanAccount/compensate')[0]!;
    expect(body).toMatchObject({ id: 41, version: 7, principal: 91666.67, interest: 429.17 });
    expect(compensateInput.safeParse(body).success).toBe(true);
  });

  it('追偿登记 sends the date, amount, source and note', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/recover'] = [{ code: 200, message: '操作成功', data: ACCOUNT }];
    wrap(<AccountDialog action="recover" account={ACCOUNT} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('金额（元）'), '1200.5');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '来源' }));
    fireEvent.click(await screen.findByTitle('保证人'));
    await userEvent.type(within(dialog).getByLabelText('备注'), '保证人代还');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('loanAccount/recover')).toHaveLength(1));
    const body = sent('loanAccount/recover')[0]!;
    expect(body).toMatchObject({ id: 41, version: 7, amount: 1200.5, source: 'GUARANTOR', note: '保证人代还' });
    expect(recoverInput.safeParse(body).success).toBe(true);
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('核销申请 needs a reason and asks before it goes', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['loanAccount/writeOff'] = [{ code: 200, message: '操作成功', data: ACCOUNT }];
    wrap(<AccountDialog action="writeOff" account={{ ...ACCOUNT, account: { ...ACCOUNT.account, compensated: 92525.01, recovered: 1200.5 } }} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('核销剩余未追回金额 ¥91,324.51，由人社部门确认')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText(zh.validation.reasonRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('核销原因'), '借款人已无财产可供执行');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    const [question] = await screen.findAllByText('确认提交贷款 SQ202601010041 的核销申请？');
    await userEvent.click(within(question!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('loanAccount/writeOff')).toHaveLength(1));
    expect(writeOffInput.safeParse(sent('loanAccount/writeOff')[0]).success).toBe(true);
  });
});

describe('the account view', () => {
  it('opens the schedule on the page of the first unpaid period, and once all are paid on the last', () => {
    const schedule = (paid: number, length = 24) => Array.from({ length }, (_, i) => period(i + 1, i < paid ? 'PAID' : 'DUE'));
    expect(schedulePage(schedule(0))).toBe(1);
    expect(schedulePage(schedule(11))).toBe(1);
    expect(schedulePage(schedule(12))).toBe(2);
    expect(schedulePage(schedule(23))).toBe(2);
    expect(schedulePage(schedule(24))).toBe(2);
    expect(schedulePage(schedule(36, 36))).toBe(3);
    expect(schedulePage([])).toBe(1);
  });
});
