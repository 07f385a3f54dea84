import type { ClaimDetail, ClaimRow } from '../contract/subsidy';
import type { CallPath } from '../contract/calls';
import { CLAIM_STATES } from '../workflow/subsidy';
import { CLAIM_STATE_COLORS } from './subsidy-states';
import type { Option, ResourceSpec } from './types';
import './rules/subsidy.generated';

/**
 * 贴息管理 (/post-loan/subsidy, DOMAIN.md section 6): the claims 贴息申请 the user's organisation
 * sees (a bank its own, a renshe bureau those made to it), searched by state, year and quarter,
 * waiting or not, the filters in the URL; a row opens the claim (components/subsidy). Texts under
 * `subsidyClaims`, the states under `subsidy.state` (shared with the service's export).
 */
const CLAIM_LIST = 'subsidyClaim/getList';
export const CLAIM_EXPORT = 'subsidyClaim/export';
export const CLAIM_PROPOSE = 'subsidyClaim/propose';
export const CLAIM_REVIEW = 'subsidyClaim/review';

const STATE_OPTIONS: Option[] = CLAIM_STATES.map((s) => ({ value: s, label: `subsidy.state.${s}`, color: CLAIM_STATE_COLORS[s] }));
const QUARTER_OPTIONS: Option[] = [1, 2, 3, 4].map((q) => ({ value: q, label: `subsidyClaims.quarterValue.${q}` }));

/** The buttons of a claim, each with the answer's `can` flag it also needs. */
const CLAIM_ACTIONS = ['submit', 'delete', 'check', 'approve', 'return', 'pay'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];
/** The call each button makes: who may press it is derived from the call's access (lib/call-access.ts). */
const ACTION_CALLS: Record<ClaimAction, CallPath> = {
  submit: 'subsidyClaim/submit',
  delete: 'subsidyClaim/delete',
  check: CLAIM_REVIEW,
  approve: CLAIM_REVIEW,
  return: CLAIM_REVIEW,
  pay: 'subsidyClaim/pay',
};

/** The buttons the user may press on a claim now: the call allowed AND the claim's `can` flag. */
export function claimActions(detail: Pick<ClaimDetail, 'can'> | undefined, allowed: (path: CallPath) => boolean): ClaimAction[] {
  if (!detail) return [];
  return CLAIM_ACTIONS.filter((action) => detail.can[action] && allowed(ACTION_CALLS[action]));
}

/** Whether periods may be left out of the claim or put back. */
export const canEditLines = (detail: Pick<ClaimDetail, 'can'> | undefined, allowed: (path: CallPath) => boolean) =>
  Boolean(detail?.can.edit && allowed('subsidyClaim/exclude'));

const label = (key: string) => `subsidyClaims.${key}`;

export const claimSpec: ResourceSpec<ClaimRow> = {
  key: 'subsidyClaims',
  title: label('title'),
  rowKey: (row) => row.id,
  list: CLAIM_LIST,
  search: [
    { name: 'pending', label: label('pending'), kind: 'switch' },
    { name: 'state', label: label('state'), kind: 'select', options: STATE_OPTIONS },
    { name: 'year', label: label('year'), kind: 'number', bounds: { min: 2000, max: 2100, precision: 0 } },
    { name: 'quarter', label: label('quarter'), kind: 'select', numeric: true, options: QUARTER_OPTIONS },
  ],
  columns: [
    { key: 'number', title: label('number'), width: 160 },
    { key: 'bankOrg', title: label('bankOrg'), ellipsis: true, width: 160 },
    { key: 'rensheOrg', title: label('rensheOrg'), ellipsis: true, width: 170, hidden: true },
    { key: 'year', title: label('year'), width: 80 },
    { key: 'quarter', title: label('quarter'), kind: 'enum', options: QUARTER_OPTIONS, width: 100 },
    { key: 'state', title: label('state'), kind: 'tag', options: STATE_OPTIONS, width: 100 },
    { key: 'periods', title: label('periods'), width: 90 },
    { key: 'amount', title: label('amount'), kind: 'money', width: 130 },
    { key: 'submitTime', title: label('submitTime'), kind: 'datetime', width: 170, hidden: true },
    { key: 'paidOn', title: label('paidOn'), kind: 'date', width: 110 },
    { key: 'voucherNo', title: label('voucherNo'), width: 120, hidden: true },
  ],
  actions: [{ key: 'open', label: label('open'), dialog: 'claim' }],
};
