import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, DateOnly, Numeric, Timestamp } from './schema-columns';
import type { RepaymentMethod } from '../../lib/workflow/plan';
import type { BorrowerType } from '../../lib/workflow/stages';
import type { ClaimState, SubsidyKind } from '../../lib/workflow/subsidy';
import type { LoanState, PeriodState, RateAction, RecoverySource, ReportKind, SettledHow } from '../../lib/workflow/loan-states';

/** Whole fen (bigint columns, read as numbers). */
type Fen = ColumnType<number, number, number>;
type Decided = 'PENDING' | 'CONFIRMED' | 'REJECTED';

/** One issued loan (DOMAIN.md section 6), keyed by its application. */
interface LoanAccountTable {
  application_id: number;
  bank_org_id: number;
  guarantee_org_id: number;
  renshe_org_id: number;
  principal: Fen;
  outstanding: Fen;
  issue_date: DateOnly;
  maturity_date: DateOnly;
  term_months: number;
  rate: Numeric;
  method: RepaymentMethod;
  state: LoanState;
  overdue_days: Generated<number>;
  next_due_date: DateOnly | null;
  next_due_amount: Fen | null;
  settled_how: SettledHow | null;
  settled_on: DateOnly | null;
  compensated: Generated<number>;
  compensated_on: DateOnly | null;
  recovered: Generated<number>;
  written_off: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The subsidy's terms (0041): filled when the account is opened, or by the backfill. */
  borrower_type: BorrowerType | null;
  lpr: Numeric | null;
  subsidy_seq: number | null;
  extended: Generated<boolean>;
}

interface LoanPeriodTable {
  application_id: number;
  period: number;
  due_date: DateOnly;
  principal: Fen;
  interest: Fen;
  paid_principal: Generated<number>;
  paid_interest: Generated<number>;
  paid_on: DateOnly | null;
  state: PeriodState;
  overdue_days: Generated<number>;
  /** A repaid period's interest split (0041): the subsidy and the borrower's part, and the rule version. */
  subsidy: Fen | null;
  borrower_interest: Fen | null;
  subsidy_rule_id: number | null;
}

interface LoanRepaymentTable {
  id: Generated<number>;
  application_id: number;
  report_id: string;
  kind: ReportKind;
  period: number | null;
  paid_on: DateOnly;
  principal: Fen;
  interest: Fen;
  late_days: Generated<number>;
  recorded_by: number | null;
  created_at: CreatedAt;
}

interface LoanCompensationTable {
  id: Generated<number>;
  application_id: number;
  principal: Fen;
  interest: Fen;
  paid_on: DateOnly;
  state: Decided;
  recorded_by: number | null;
  decided_by: number | null;
  opinion: Generated<string>;
  decided_at: Timestamp | null;
  created_at: CreatedAt;
}

interface LoanRecoveryTable {
  id: Generated<number>;
  application_id: number;
  recovered_on: DateOnly;
  amount: Fen;
  source: RecoverySource;
  note: Generated<string>;
  recorded_by: number | null;
  created_at: CreatedAt;
}

interface LoanWriteOffTable {
  id: Generated<number>;
  application_id: number;
  amount: Fen;
  reason: string;
  state: Decided;
  requested_by: number | null;
  decided_by: number | null;
  opinion: Generated<string>;
  decided_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Money into (positive) and out of (negative) a guarantee company's fund. */
interface GuaranteeFundEntryTable {
  id: Generated<number>;
  org_id: number;
  kind: 'CONTRIBUTION' | 'COMPENSATION' | 'RECOVERY';
  day: DateOnly;
  amount: Fen;
  source: Generated<string>;
  application_id: number | null;
  recorded_by: number | null;
  client_key: string | null;
  created_at: CreatedAt;
}

/** The keys of post-loan actions: a retry answers the first result, a key reused elsewhere is refused. */
interface LoanActionKeyTable {
  key: string;
  action: string;
  application_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** The post-loan settings: one row. */
interface PostLoanSettingTable {
  id: number;
  claim_days: number;
  write_off_years: number;
  leverage_max: Numeric;
  compensation_rate_max: Numeric;
  compensation_rate_action: RateAction;
  version: Generated<number>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface LprHistoryTable {
  effective_from: DateOnly;
  rate: Numeric;
  created_by: number | null;
  created_at: CreatedAt;
}

interface SubsidyRuleTable {
  id: Generated<number>;
  borrower_type: BorrowerType;
  effective_from: DateOnly;
  kind: SubsidyKind;
  offset_bp: number;
  share: Numeric;
  years: number;
  max_loans: number;
  created_by: number | null;
  created_at: CreatedAt;
}

interface SubsidyClaimTable {
  id: Generated<number>;
  bank_org_id: number;
  renshe_org_id: number;
  year: number;
  quarter: number;
  state: ClaimState;
  periods: Generated<number>;
  amount: Generated<number>;
  submitted_at: Timestamp | null;
  /** Who checked it (the first of renshe's two steps): the approver must be someone else. */
  checked_by: number | null;
  paid_on: DateOnly | null;
  paid_amount: Fen | null;
  voucher_no: string | null;
  created_by: number;
  client_key: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface SubsidyClaimLineTable {
  claim_id: number;
  application_id: number;
  period: number;
  subsidy: Fen;
  excluded: Generated<boolean>;
  reason: Generated<string>;
}

interface SubsidyClaimStepTable {
  id: Generated<number>;
  claim_id: number;
  action: string;
  user_id: number;
  opinion: Generated<string>;
  created_at: CreatedAt;
}

export interface LoanTables {
  loan_account: LoanAccountTable;
  loan_period: LoanPeriodTable;
  loan_repayment: LoanRepaymentTable;
  loan_compensation: LoanCompensationTable;
  loan_recovery: LoanRecoveryTable;
  loan_write_off: LoanWriteOffTable;
  guarantee_fund_entry: GuaranteeFundEntryTable;
  loan_action_key: LoanActionKeyTable;
  post_loan_setting: PostLoanSettingTable;
  lpr_history: LprHistoryTable;
  subsidy_rule: SubsidyRuleTable;
  subsidy_claim: SubsidyClaimTable;
  subsidy_claim_line: SubsidyClaimLineTable;
  subsidy_claim_step: SubsidyClaimStepTable;
}
