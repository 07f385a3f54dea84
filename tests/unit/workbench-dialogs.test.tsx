// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ShellProvider } from '@/components/shell/shell-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckDialog } from '@/components/approval/check-dialog';
import { ReturnDialog } from '@/components/approval/simple-dialogs';
import { TurnOverDialog } from '@/components/approval/turn-over-dialog';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];

const row: ApplicationRow = {
  id: 5, number: 'SQ202601010005', borrowerType: 'PERSON', name: '李四', idNumber: '430***********1234', mobile: '138****5678', amount: 150000,
  termMonths: 24, guaranteeMethod: 'GUARANTOR', status: 'IN_REVIEW', stage: 'RS_FIRST', assignee: { id: 2, nickname: '人社审核员' },
  deadline: null, overdue: false, whitelisted: false, guaranteeOrg: 'G', bankOrg: 'B', version: 4, createTime: '2026-01-01T00:00:00Z',
};

type Answer = { code: number; message: string; data: unknown };
const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[] | ((body: Record<string, unknown>) => Answer)> = {};
const ok = (data: unknown = null): Answer => ({ code: 200, message: '操作成功', data });

beforeEach(() => {
  calls.length = 0;
  answers = {};
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

const OK = /^确\s*定$|^OK$/;
/** Picks a document the applicant is to supply in the return dialog. */
async function chooseDocument(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '需补正的材料' }));
  fireEvent.click(await screen.findByTitle(name));
}
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('workflow action dialogs', { timeout: 20_000 }, () => {
  it('requires the opinion, sends id, version and the open key; a 422 lands on its field and a retry keeps the key', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['businessClubFirstTrial/return'] = [
      { code: 422, message: '提交的内容不符合要求！', data: { fields: { opinion: 'validation.tooLong' } } },
      { code: 422, message: '提交的内容不符合要求！', data: { fields: { opinion: 'validation.tooLong' } } },
      { code: 422, message: '提交的内容不符合要求！', data: { fields: { opinion: 'validation.tooLong' } } },
    ];
    wrap(<ReturnDialog stage="RS_FIRST" row={row} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('请填写审核意见')).toBeTruthy();
    expect(within(dialog).getByText('请选择需要申请人补正的材料')).toBeTruthy();
    expect(sent('businessClubFirstTrial/return')).toHaveLength(0);

    await chooseDocument(dialog, '毕业证书');
    await userEvent.type(within(dialog).getByLabelText('审批意见'), '材料不全');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('内容过长！')).toBeTruthy();
    const [first] = sent('businessClubFirstTrial/return');
    expect(first).toMatchObject({ id: 5, version: 4, opinion: '材料不全', documents: ['DIPLOMA'] });
    expect(String(first!.key)).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('businessClubFirstTrial/return')).toHaveLength(2));
    expect(sent('businessClubFirstTrial/return')[1]!.key).toBe(first!.key);

    await userEvent.type(within(dialog).getByLabelText('审批意见'), '，请补充');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('businessClubFirstTrial/return')).toHaveLength(3));
    expect(sent('businessClubFirstTrial/return')[2]!.key).not.toBe(first!.key);
    expect(close).not.toHaveBeenCalled();
  });

  it('on a 409 says someone else acted first, refreshes and closes', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['businessClubFirstTrial/return'] = [{ code: 409, message: '数据已被他人修改，请刷新后重试！', data: null }];
    wrap(<ReturnDialog stage="RS_FIRST" row={row} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    await chooseDocument(dialog, '户口簿');
    await userEvent.type(within(dialog).getByLabelText('审批意见'), '材料不全');
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await screen.findByText('该申请已被他人处理或已更新，请刷新后重试')).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('check: offers the next node\'s people with their pending counts and sends the chosen one', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['businessClubFirstTrial/getNodeAndPeople'] = () => ok({
      node: { id: 2, stage: 'RS_SECOND' }, people: [
        { id: 9, nickname: '人社复核员', orgName: '人社局', pending: 3, stagePending: 1 }, { id: 10, nickname: '人社复核员二', orgName: '人社局', pending: 0, stagePending: 0 },
      ],
    });
    answers['businessClubFirstTrial/check'] = [ok({ application: { ...row, stage: 'RS_SECOND' }, recordId: 1 })];
    wrap(<CheckDialog stage="RS_FIRST" row={row} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('审核通过后进入：人社复审')).toBeTruthy();
    expect(sent('businessClubFirstTrial/getNodeAndPeople')[0]).toEqual({ id: 5, which: 'next' });
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('请选择人员！')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: '下一环节审批人' }));
    // Each person's cases in all and at the stage the case goes to: the first is no stage's total.
    await userEvent.click(await screen.findByText('待办 3 (本环节 1)'));
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('businessClubFirstTrial/check')[0]).toMatchObject({ id: 5, version: 4, nextUserId: 9, opinion: '' }));
    expect(await screen.findByText('审核已通过')).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('check: the only person of the next node is chosen already', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['businessClubFirstTrial/getNodeAndPeople'] = () => ok({
      node: { id: 2, stage: 'RS_SECOND' }, people: [{ id: 9, nickname: '人社复核员', orgName: '人社局', pending: 3, stagePending: 3 }],
    });
    answers['businessClubFirstTrial/check'] = [ok({ application: { ...row, stage: 'RS_SECOND' }, recordId: 1 })];
    wrap(<CheckDialog stage="RS_FIRST" row={row} close={close} refresh={refresh} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTitle('人社复核员')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('businessClubFirstTrial/check')[0]).toMatchObject({ id: 5, version: 4, nextUserId: 9, opinion: '' }));
    expect(close).toHaveBeenCalled();
  });

  it('turn-over: never offers the user as the new person; says how many cases moved and how many stayed', async () => {
    const close = vi.fn(), refresh = vi.fn();
    answers['businessApproveRecord/getPersonAndAmount'] = () => ok([
      { id: 2, nickname: '人社审核员', orgName: '人社局', pending: 4, amount: 800000, overdue: 1 },
      { id: 5, nickname: '人社复核员', orgName: '人社局', pending: 0, amount: 0, overdue: 0 },
      { id: 8, nickname: '人社终审员', orgName: '人社局', pending: 1, amount: 50000, overdue: 0 },
    ]);
    answers['businessClubFirstTrial/turnOver'] = [ok({ moved: 3, kept: 1 })];
    const user = { id: 8, username: 'rs3', nickname: '人社终审员', type: 1, uuid: 'x', orgName: null };
    wrap(<ShellProvider user={user} initialMenu={{ menu: [], access: [], version: 'v' }} initialPowers={[]}><TurnOverDialog stage="RS_FIRST" close={close} refresh={refresh} /></ShellProvider>);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '移交人' }));
    await userEvent.click(await screen.findByText('人社审核员（待处理 4 件，¥800,000.00，超时 1 件）'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '接收人' }));
    await userEvent.click(await screen.findByText('本环节待办 0'));
    // Neither the person handing over (待办 4) nor the user (待办 1) is offered.
    expect(screen.queryByText('本环节待办 4')).toBeNull();
    expect(screen.queryByText('本环节待办 1')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: OK }));
    const confirm = (await screen.findAllByText('确定把 人社审核员 的全部待处理申请移交给 人社复核员 吗？'))[0]!.closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: OK }));
    await waitFor(() => expect(sent('businessClubFirstTrial/turnOver')[0]).toMatchObject({ stage: 'RS_FIRST', fromUserId: 2, toUserId: 5 }));
    expect(await screen.findByText('已移交 3 件申请；另有 1 件所选人员不能接手（不在该环节、是提交人或已在其他环节审核通过），仍由原审批人办理')).toBeTruthy();
    expect(close).toHaveBeenCalled();
  });

  it('check: says the check approves the application when there is no next node', async () => {
    answers['businessClubFirstTrial/getNodeAndPeople'] = () => ok({ node: null, people: [] });
    wrap(<CheckDialog stage="BANK_TRANSFER" row={{ ...row, stage: 'BANK_TRANSFER' }} close={vi.fn()} refresh={vi.fn()} />);
    expect(await screen.findByText('这是最后一个审批环节：审核通过后，该申请即审批通过。')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '下一环节审批人' })).toBeNull();
  });
});
