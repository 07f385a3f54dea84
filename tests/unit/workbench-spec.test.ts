import { describe, expect, it } from 'vitest';
import { OPINION_MAX, quotaInput } from '@/lib/contract/workflow';
import type { ApplicationDetail, ApplicationRow } from '@/lib/contract/workflow';
import {
  OPINION_LIMIT, QUOTA_LIMIT, actionUnavailable, detailActions, rowAllows, visibleActions, workbenchSpec,
} from '@/lib/resources/workbench';
import { callAllowed, callRequirements } from '@/lib/call-access';
import type { CallPath } from '@/lib/contract/calls';
import { statusValue } from '@/lib/workflow/status-dictionary';
import { STAGES, stageButtons, type Stage } from '@/lib/workflow/stages';
import { openSubmission, submissionFor } from '@/components/approval/idempotency';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];
const en = UI_TEXTS.en;

const ME = 7;
const row = (patch: Partial<ApplicationRow> = {}): ApplicationRow => ({
  id: 1, number: 'SQ1', borrowerType: 'PERSON', name: '张三', idNumber: '430***********1234', mobile: '138****5678', amount: 100000,
  termMonths: 24, guaranteeMethod: 'GUARANTOR', status: 'IN_REVIEW', stage: 'RS_FIRST', assignee: { id: ME, nickname: '我' },
  deadline: null, overdue: false, whitelisted: false, guaranteeOrg: 'G', bankOrg: 'B', version: 3, createTime: '2026-01-01T00:00:00Z',
  can: { act: true, adminRedeploy: true }, ...patch,
});
/** A case someone else is assigned, as the server answers it to a holder of the admin redeploy. */
const others = (patch: Partial<ApplicationRow> = {}) => row({ assignee: { id: 99, nickname: '他' }, can: { act: false, adminRedeploy: true }, ...patch });
/** Whether a holder of these buttons (and every page) may make a call, as the call table says. */
const holding = (has: (code: string) => boolean) => (path: CallPath, input?: Record<string, unknown>) =>
  callAllowed(path, { admin: false, button: has, page: () => true }, input);
const all = (stage: Stage) => holding((code) => stageButtons(stage).includes(code));
const none = () => false;

describe('workbench actions', () => {
  it('derives each action’s permission at a stage from its call: return shares reject, details make no call', () => {
    expect(callRequirements('businessClubFirstTrial/check', { stage: 'BANK_FIRST' })).toEqual([['bankFirst::check']]);
    expect(callRequirements('businessClubFirstTrial/return', { stage: 'RS_SECOND' })).toEqual([['rensheLast::reject']]);
    expect(callRequirements('businessClubFirstTrial/turnOver', { stage: 'BANK_TRANSFER' })).toEqual([['bankForward::turnOver']]);
    expect(workbenchSpec('RS_FIRST').actions!.find((a) => a.key === 'detail')!.call).toBeUndefined();
    // Holding the button at another stage is not holding it here.
    expect(holding((code) => code === 'bankFirst::check')('businessClubFirstTrial/check', { stage: 'RS_FIRST' })).toBe(false);
  });

  it('shows the assignee every action of the stage on a case in review here', () => {
    expect(visibleActions('RS_FIRST', row(), all('RS_FIRST')))
      .toEqual(['detail', 'check', 'reject', 'return', 'refuse', 'redeploy', 'adminRedeploy', 'withdraw']);
    expect(visibleActions('GC_FIRST', row({ stage: 'GC_FIRST' }), all('GC_FIRST')))
      .toEqual(['detail', 'check', 'reject', 'return', 'refuse', 'redeploy', 'adminRedeploy', 'withdraw', 'quota', 'reSign']);
  });

  it('shows only details without permissions', () => {
    expect(visibleActions('RS_FIRST', row(), none)).toEqual(['detail']);
    const onlyCheck = holding((code) => code === 'rensheFirst::check');
    expect(visibleActions('RS_FIRST', row(), onlyCheck)).toEqual(['detail', 'check']);
  });

  it('lets only the assignee act; others may only admin-redeploy', () => {
    expect(visibleActions('RS_FIRST', others(), all('RS_FIRST'))).toEqual(['detail', 'adminRedeploy']);
    expect(visibleActions('RS_FIRST', row({ can: undefined }), all('RS_FIRST'))).toEqual(['detail']);
  });

  it('offers nothing but details on a case at another stage or finished', () => {
    expect(visibleActions('RS_SECOND', row(), all('RS_SECOND'))).toEqual(['detail']);
    expect(visibleActions('RS_FIRST', row({ status: 'REFUSED', stage: null, assignee: null }), all('RS_FIRST'))).toEqual(['detail']);
  });

  it('keeps every action in its place on every row: one that does not apply is disabled with its reason', () => {
    const spec = workbenchSpec('RS_FIRST');
    const other = others();
    const check = spec.actions!.find((a) => a.key === 'check')!;
    expect(check.when!(other)).toBe(false);
    expect(zh.approval.unavailable.notAssignee).toBe('仅当前审批人可以办理');
    expect(check.unavailable!(other)).toBe('approval.unavailable.notAssignee');
    expect(spec.actions!.every((a) => a.key === 'detail' || a.unavailable)).toBe(true);
    expect(actionUnavailable('check', 'RS_SECOND', row())).toBe('approval.unavailable.notHere');
    expect(actionUnavailable('reject', 'RS_FIRST', row({ rejectable: false }))).toBe('approval.unavailable.nothingBehind');
    expect(actionUnavailable('bankState', 'BANK_TRANSFER', row({ stage: 'BANK_TRANSFER' }))).toBe('approval.unavailable.notApproved');
    for (const key of Object.keys(zh.approval.unavailable)) expect(en.approval.unavailable).toHaveProperty(key);
  });

  it('only the assignee withdraws: not a colleague, not a returned case without an assignee', () => {
    expect(rowAllows('withdraw', 'RS_FIRST', row())).toBe(true);
    expect(rowAllows('withdraw', 'RS_FIRST', others())).toBe(false);
    expect(rowAllows('withdraw', 'RS_FIRST', row({ status: 'RETURNED', stage: null, assignee: null }))).toBe(false);
    expect(rowAllows('withdraw', 'RS_FIRST', row({ status: 'RETURNED' }))).toBe(true);
    expect(rowAllows('withdraw', 'RS_FIRST', others({ status: 'RETURNED' }))).toBe(false);
  });

  it('offers a rejection only where the case has passed a node to go back to', () => {
    expect(visibleActions('RS_FIRST', row({ rejectable: false }), all('RS_FIRST')))
      .toEqual(['detail', 'check', 'return', 'refuse', 'redeploy', 'adminRedeploy', 'withdraw']);
    expect(rowAllows('reject', 'RS_SECOND', row({ stage: 'RS_SECOND', rejectable: true }))).toBe(true);
    expect(rowAllows('reject', 'RS_SECOND', others({ stage: 'RS_SECOND', rejectable: true }))).toBe(false);
  });

  it('offers the admin redeploy only to holders of that button', () => {
    const without = holding((code) => stageButtons('RS_FIRST').includes(code) && code !== 'rensheFirst::adminRedeploy');
    expect(visibleActions('RS_FIRST', others(), without)).toEqual(['detail']);
    expect(visibleActions('RS_FIRST', row(), without)).not.toContain('adminRedeploy');
    // The server answers whether the reader holds it at the case's stage: without, nobody offers it.
    expect(visibleActions('RS_FIRST', others({ can: { act: false, adminRedeploy: false } }), all('RS_FIRST'))).toEqual(['detail']);
    const detail = { ...others(), can: { act: false, adminRedeploy: true, reveal: false } } as ApplicationDetail;
    expect(detailActions('RS_FIRST', detail, without)).toEqual([]);
    expect(detailActions('RS_FIRST', detail, all('RS_FIRST'))).toEqual(['adminRedeploy']);
  });

  it('bank transfer records the loan state and re-signs approved cases; other stages do not', () => {
    const approved = row({ status: 'APPROVED', stage: 'BANK_TRANSFER', assignee: null });
    expect(visibleActions('BANK_TRANSFER', approved, all('BANK_TRANSFER'))).toEqual(['detail', 'reSign', 'bankState']);
    expect(rowAllows('bankState', 'BANK_FIRST', approved)).toBe(false);
    // An issued loan takes the bank's repayment reports there; a refused or unissued case nothing.
    expect(visibleActions('BANK_TRANSFER', row({ status: 'LOANED', stage: null, assignee: null }), all('BANK_TRANSFER'))).toEqual(['detail', 'bankState']);
    expect(rowAllows('bankState', 'BANK_TRANSFER', row({ status: 'NOT_ISSUED', stage: null, assignee: null }))).toBe(false);
    expect(rowAllows('quota', 'BANK_TRANSFER', row({ stage: 'BANK_TRANSFER' }))).toBe(false);
    expect(rowAllows('quota', 'RS_FIRST', row())).toBe(false);
  });

  it('the detail drawer also follows what the server says the user may do', () => {
    const detail = { ...row(), can: { act: false, adminRedeploy: false, reveal: false } } as ApplicationDetail;
    expect(detailActions('RS_FIRST', detail, all('RS_FIRST'))).toEqual([]);
    expect(detailActions('RS_FIRST', { ...detail, can: { act: true, adminRedeploy: true, reveal: false } }, all('RS_FIRST')))
      .toEqual(['check', 'reject', 'return', 'refuse', 'redeploy', 'adminRedeploy', 'withdraw']);
  });
});

describe('workbench spec', () => {
  it('searches the stage and opens a dialog per action, each behind the permission its call needs at the stage', () => {
    const spec = workbenchSpec('BANK_TRANSFER');
    expect(spec.list).toBe('businessClubFirstTrial/getList');
    expect(spec.params).toEqual({ stage: 'BANK_TRANSFER' });
    expect(spec.actions?.map((a) => [a.key, a.call && callRequirements(a.call, a.callInput)?.[0]?.[0], a.dialog])).toEqual([
      ['detail', undefined, 'detail'], ['check', 'bankForward::check', 'check'], ['reject', 'bankForward::reject', 'reject'],
      ['return', 'bankForward::reject', 'return'], ['refuse', 'bankForward::refuse', 'refuse'], ['redeploy', 'bankForward::redeploy', 'redeploy'],
      ['adminRedeploy', 'bankForward::adminRedeploy', 'adminRedeploy'], ['withdraw', 'bankForward::withdraw', 'withdraw'],
      ['reSign', 'bankForward::reSign', 'reSign'], ['bankState', 'bankForward::bankState', 'bankState'],
    ]);
    expect(spec.search.flatMap((f) => (f.kind === 'dateRange' ? [`${f.name}From`, `${f.name}To`] : [f.name])))
      .toEqual(['scope', 'number', 'name', 'idNumber', 'mobile', 'dateFrom', 'dateTo', 'status', 'overdue', 'mine']);
  });

  it('shows the stage with a status in review and flags overdue deadlines', () => {
    expect(statusValue(row())).toBe('IN_REVIEW:RS_FIRST');
    expect(statusValue(row({ status: 'APPROVED' }))).toBe('APPROVED');
    const deadline = workbenchSpec('RS_FIRST').columns.find((c) => c.key === 'deadline')!;
    expect(deadline.flag?.(row({ overdue: true }))?.label).toBe('approval.overdue');
    expect(deadline.flag?.(row())).toBeNull();
  });

  it('keeps the limits of the contract', () => {
    expect(OPINION_LIMIT).toBe(OPINION_MAX);
    const base = { id: 1, version: 1, key: 'abcdefgh' };
    expect(quotaInput.safeParse({ ...base, quota: QUOTA_LIMIT }).success).toBe(true);
    expect(quotaInput.safeParse({ ...base, quota: QUOTA_LIMIT + 1 }).success).toBe(false);
  });
});

describe('idempotency keys', () => {
  let n = 0;
  const make = () => `key-${++n}`;
  it('uses the key made at opening, again for a retry of the same body, a new one for a changed body', () => {
    const opened = openSubmission(make);
    const first = submissionFor(opened, { id: 1, opinion: 'ok' }, make);
    expect(first.key).toBe(opened.key);
    expect(submissionFor(first, { id: 1, opinion: 'ok' }, make).key).toBe(opened.key);
    const changed = submissionFor(first, { id: 1, opinion: 'fine' }, make);
    expect(changed.key).not.toBe(opened.key);
    expect(submissionFor(changed, { id: 1, opinion: 'fine' }, make).key).toBe(changed.key);
  });
});

describe('workbench messages', () => {
  const keys = (value: unknown, prefix = ''): string[] => (value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]);
  const get = (messages: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], messages);

  it('has the same keys in both languages', () => {
    expect(keys(en.approval)).toEqual(keys(zh.approval));
    expect(keys(en.resources.workbench)).toEqual(keys(zh.resources.workbench));
  });

  it('has every text the specs name, in both languages', () => {
    for (const stage of STAGES) {
      const spec = workbenchSpec(stage);
      const used = [
        `resources.${spec.key}.title`,
        ...spec.search.flatMap((f) => [f.label, ...(f.placeholder ? [f.placeholder] : []), ...(f.options ?? []).map((o) => o.label)]),
        ...spec.columns.flatMap((c) => [c.title, ...(c.options ?? []).map((o) => o.label)]),
        ...(spec.actions ?? []).map((a) => a.label as string),
        `approval.stage.${stage}`, 'approval.overdue', 'validation.opinionRequired', 'validation.reasonRequired', 'validation.amount', 'validation.date',
      ];
      for (const key of used) {
        expect(typeof get(zh, key), key).toBe('string');
        expect(typeof get(en, key), key).toBe('string');
      }
    }
  });
});
