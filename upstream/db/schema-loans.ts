import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, DateOnly, Numeric, Timestamp } from './schema-columns';
import type { RepaymentMethod } from '../../lib/workflow/plan';
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
}
