import type { LedgerRow, LoanAccount } from '../contract/loans';
import type { OrgDropdownItem } from '../contract/organiza';
import { LOAN_STATES, SETTLED_HOWS, type LoanState } from '../workflow/loan-states';
import type { FieldSpec, Option, ResourceSpec } from './types';
import type { CallPath } from '../contract/calls';
import { BORROWER_TYPES } from '../workflow/stages';
import './rules/ledger.generated';

/**
 * The post-loan ledger 贷后台账 (/post-loan/ledger, DOMAIN.md section 6): the issued loans the
 * user's organisation sees (the service scopes them: a bank its loans, a guarantee company
 * those it guarantees, renshe those of its bureau), searched by number or name, state, bank,
 * guarantee company, days overdue and next due date, the filters in the URL. A row opens the
 * loan's account (components/post-loan). Texts under `postLoan`.
 */
const LEDGER_LIST = 'loanAccount/getList';
export const LEDGER_EXPORT = 'loanAccount/export';

/** The buttons of a loan's account, each with the answer's `can` flag it also needs. */
const ACCOUNT_ACTIONS = ['repay', 'compensate', 'confirmCompensation', 'recover', 'writeOff', 'confirmWriteOff'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
/** The call each button makes: who may press it is derived from the call's access (lib/call-access.ts). */
const ACCOUNT_CALLS: Record<AccountAction, CallPath> = {
  repay: 'loanAccount/repay',
  compensate: 'loanAccount/compensate',
  confirmCompensation: 'loanAccount/confirmCompensation',
  recover: 'loanAccount/recover',
  writeOff: 'loanAccount/writeOff',
  confirmWriteOff: 'loanAccount/confirmWriteOff',
};

/** The buttons the user may press on an account now: the call allowed AND the account's `can` flag. */
export function accountActions(account: Pick<LoanAccount, 'can'> | undefined, allowed: (path: CallPath) => boolean): AccountAction[] {
  if (!account) return [];
  return ACCOUNT_ACTIONS.filter((action) => account.can[action] && allowed(ACCOUNT_CALLS[action]));
}

export const LOAN_STATE_COLORS: Record<LoanState, string> = {
  CURRENT: 'green', OVERDUE: 'red', COMPENSATED: 'orange', RECOVERING: 'gold', SETTLED: 'default',
};
const LOAN_STATE_OPTIONS: Option[] = LOAN_STATES.map((s) => ({ value: s, label: `postLoan.state.${s}`, color: LOAN_STATE_COLORS[s] }));
const SETTLED_OPTIONS: Option[] = SETTLED_HOWS.map((s) => ({ value: s, label: `postLoan.settledHow.${s}` }));
const SORT_OPTIONS: Option[] = (['nextDue', 'overdueDays', 'outstanding', 'issueDate'] as const).map((s) => ({ value: s, label: `postLoan.ledger.sortBy.${s}` }));

const BORROWER_TYPE_OPTIONS: Option[] = BORROWER_TYPES.map((b) => ({ value: b, label: `approval.borrowerType.${b}` }));
const label = (key: string) => `postLoan.ledger.${key}`;
const orgs = (type: 'BANK' | 'GUARANTEE'): FieldSpec['source'] => ({
  path: 'systemOrganiza/getInstitutionDropdown', body: { type },
  toOptions: (data) => (data as OrgDropdownItem[]).map((o) => ({ value: o.id, label: o.name })),
});

/** A loan overdue shows its days beside its state. */
const overdueFlag = (row: LedgerRow): Option | null =>
  row.overdueDays > 0 ? { value: 'overdue', label: 'postLoan.overdueDays', color: 'red', values: { days: row.overdueDays } } : null;

export const ledgerSpec: ResourceSpec<LedgerRow> = {
  key: 'ledger',
  title: label('title'),
  rowKey: (row) => row.id,
  list: LEDGER_LIST,
  search: [
    { name: 'keyword', label: label('keyword'), kind: 'text' },
    { name: 'state', label: label('state'), kind: 'select', options: LOAN_STATE_OPTIONS },
    { name: 'bankOrgId', label: label('bankOrg'), kind: 'select', numeric: true, source: orgs('BANK') },
    { name: 'guaranteeOrgId', label: label('guaranteeOrg'), kind: 'select', numeric: true, source: orgs('GUARANTEE') },
    { name: 'overdueMin', label: label('overdueMin'), kind: 'number', bounds: { min: 1, max: 36_500, precision: 0 } },
    { name: 'date', label: label('nextDue'), kind: 'dateRange' },
    { name: 'sort', label: label('sort'), kind: 'select', options: SORT_OPTIONS },
  ],
  columns: [
    { key: 'number', title: label('number'), width: 140 },
    { key: 'name', title: label('name'), width: 100 },
    { key: 'borrowerType', title: label('borrowerType'), kind: 'enum', options: BORROWER_TYPE_OPTIONS, hidden: true },
    { key: 'bankOrg', title: label('bankOrg'), ellipsis: true, width: 160 },
    { key: 'guaranteeOrg', title: label('guaranteeOrg'), ellipsis: true, width: 160, hidden: true },
    { key: 'principal', title: label('principal'), kind: 'money', width: 110 },
    { key: 'outstanding', title: label('outstanding'), kind: 'money', width: 110 },
    { key: 'issueDate', title: label('issueDate'), kind: 'date', width: 110, hidden: true },
    { key: 'maturityDate', title: label('maturityDate'), kind: 'date', width: 110, hidden: true },
    { key: 'state', title: label('state'), kind: 'tag', options: LOAN_STATE_OPTIONS, flag: overdueFlag, width: 140 },
    { key: 'nextDueDate', title: label('nextDueDate'), kind: 'date', width: 110 },
    { key: 'nextDueAmount', title: label('nextDueAmount'), kind: 'money', width: 110 },
    { key: 'settledHow', title: label('settledHow'), kind: 'enum', options: SETTLED_OPTIONS, width: 110, hidden: true },
    { key: 'settledOn', title: label('settledOn'), kind: 'date', width: 110, hidden: true },
  ],
  actions: [{ key: 'open', label: label('open'), dialog: 'account' }],
};
