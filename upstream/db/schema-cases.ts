import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Numeric, DateOnly } from './schema-columns';
import type { Action, ApplicationStatus, BorrowerType, GuaranteeMethod, RepaymentState, Stage } from '../../lib/workflow/stages';
import type { RepaymentMethod } from '../../lib/workflow/plan';
import type { AgreementKind } from '../../lib/workflow/agreement';
import type { FileKind } from '../../lib/workflow/files';

/** What a signing recorded of each agreement. */
interface SignedAgreement { kind: AgreementKind; templateId: number; version: number; title: string }

interface ApplicationTable {
  id: Generated<number>;
  number: string;
  client_key: string | null;
  borrower_type: BorrowerType;
  module_id: number;
  status: ApplicationStatus;
  node_id: number | null;
  stage: Stage | null;
  assignee_id: number | null;
  /** Who moved the case to its current node: never its checker there. */
  maker_id: number | null;
  entered_at: Timestamp | null;
  deadline: Timestamp | null;
  overdue_notified_on: DateOnly | null;
  renshe_org_id: number;
  guarantee_org_id: number;
  bank_org_id: number;
  name: string;
  id_number: string;
  mobile: string;
  gender: 'MALE' | 'FEMALE';
  household_register: string;
  employment_category: string;
  address: Generated<string>;
  business_name: Generated<string>;
  business_scope: Generated<string>;
  amount: Numeric;
  term_months: number;
  rate: Numeric;
  repayment_method: RepaymentMethod;
  guarantee_method: GuaranteeMethod;
  guarantee_quota: Numeric | null;
  loan_amount: Numeric | null;
  loan_date: DateOnly | null;
  whitelisted: Generated<boolean>;
  resign_count: Generated<number>;
  refuse_reason_id: number | null;
  client_group_id: number | null;
  product_id: number | null;
  /** The stage the case was last at (kept by a trigger; it survives a refusal, withdrawal or return). */
  last_stage: Generated<Stage | null>;
  signed_agreements: ColumnType<SignedAgreement[] | null, string | null | undefined, string | null>;
  /** The indicator version intake checked it against, and the outcome. */
  indicator_issue_id: number | null;
  check_outcome: 'PASSED' | 'REFUSED' | 'FLAGGED' | null;
  /** The bank's last repayment report on the issued loan, and the days overdue it gave. */
  repayment_state: RepaymentState | null;
  overdue_days: number | null;
  /** A small company's staff (the staffing indicator's base). */
  staff_count: number | null;
  /** The historical-data import that last wrote this loan (made before the platform); null for the platform's own cases. */
  import_id: Generated<number | null>;
  /** Returned for supplements: the document kinds awaited and the reviewer's note, who returned it and when, */
  awaited_kinds: ColumnType<FileKind[] | null, string | null | undefined, string | null>;
  return_note: ColumnType<string | null, string | null | undefined, string | null>;
  returned_by: ColumnType<number | null, number | null | undefined, number | null>;
  returned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the last China day the supplements may arrive, and the working days the stage's deadline had left. */
  supplement_due: ColumnType<string | null, string | null | undefined, string | null>;
  paused_days: ColumnType<number | null, number | null | undefined, number | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface DailyJobRunTable {
  job: string;
  day: DateOnly;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  count: number | null;
}

export type PersonRole = 'SPOUSE' | 'PARTNER' | 'EMPLOYEE' | 'GUARANTOR' | 'GUARANTOR_SPOUSE';

interface ApplicationPersonTable {
  id: Generated<number>;
  application_id: number;
  role: PersonRole;
  guarantor_id: number | null;
  name: string;
  id_number: string;
  mobile: string;
  gender: 'MALE' | 'FEMALE';
  work_unit: Generated<string>;
  share_ratio: Numeric | null;
  sort: Generated<number>;
  /** An employee hired from the policy's key groups. */
  key_group: Generated<boolean>;
  created_at: CreatedAt;
}

interface HousePropertyTable {
  id: Generated<number>;
  application_id: number;
  certificate_no: string;
  owner: string;
  address: string;
  area: Numeric;
  assessed_value: Numeric;
  mortgage_state: Generated<'PENDING' | 'REGISTERED' | 'RELEASED'>;
  registered_on: DateOnly | null;
  mortgage_no: Generated<string>;
  updated_by: number | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface ApplicationTallyTable {
  day: DateOnly;
  renshe_org_id: number;
  borrower_type: string;
  client_group_id: number;
  product_id: number;
  status: string;
  stage: string;
  level: number;
  refuse_reason_id: number;
  n: number;
  amount: Numeric;
  loan_amount: Numeric;
}

/** application_tally summed over fewer dimensions (migration-apply-rollup.ts). */
interface ApplicationRollupTable {
  day: DateOnly;
  renshe_org_id: number;
  borrower_type: string;
  status: string;
  n: number;
  amount: Numeric;
  loan_amount: Numeric;
}

/** The bank and guarantee statistics' summary of applications (migration-case-tally.ts). */
interface CaseTallyTable {
  day: DateOnly;
  renshe_org_id: number;
  guarantee_org_id: number;
  bank_org_id: number;
  borrower_type: string;
  status: string;
  stage: string;
  n: number;
  amount: Numeric;
  loan_amount: Numeric;
}

/** Cases in review by the day of their deadline, for the bank and guarantee statistics. */
interface CaseOverdueTallyTable {
  day: DateOnly;
  renshe_org_id: number;
  guarantee_org_id: number;
  bank_org_id: number;
  borrower_type: string;
  stage: string;
  deadline_day: DateOnly;
  n: number;
}

/** Loans by the days they are guaranteed, and approved cases waiting, per guarantee company (migration-case-tally.ts). */
interface GuaranteeTallyTable {
  guarantee_org_id: number;
  status: string;
  start_day: DateOnly;
  end_day: DateOnly;
  n: number;
  amount: Numeric;
}

interface OverdueTallyTable {
  day: DateOnly;
  renshe_org_id: number;
  borrower_type: string;
  client_group_id: number;
  product_id: number;
  deadline_day: DateOnly;
  n: number;
}

interface StageTallyTable {
  day: DateOnly;
  renshe_org_id: number;
  borrower_type: string;
  client_group_id: number;
  product_id: number;
  stage: string;
  n: number;
  wait_days: Numeric;
}

interface LoanTallyTable {
  month: DateOnly;
  renshe_org_id: number;
  bank_org_id: number;
  guarantee_org_id: number;
  product_id: number;
  loans: number;
  amount: Numeric;
  people: number;
  employees: number;
  key_employees: number;
}

/** The interest subsidy in fen per month of repayment (0041): owed on periods repaid on time, claimed, paid. */
interface SubsidyTallyTable {
  month: DateOnly;
  renshe_org_id: number;
  bank_org_id: number;
  guarantee_org_id: number;
  product_id: number;
  owed: ColumnType<number, number, number>;
  claimed: ColumnType<number, number, number>;
  paid: ColumnType<number, number, number>;
  owed_n: ColumnType<number, number, number>;
  claimed_n: ColumnType<number, number, number>;
}

interface GuaranteeQuotaTable {
  org_id: number;
  quota: Numeric;
  version: Generated<number>;
  updated_at: Timestamp;
}

interface ApplicationFileTable {
  id: Generated<number>;
  application_id: number | null;
  kind: string;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  uploaded_by: number | null;
  created_at: CreatedAt;
}

interface ApprovalRecordTable {
  id: Generated<number>;
  application_id: number;
  action: Action;
  node_id: number | null;
  stage: Stage | null;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  to_node_id: number | null;
  to_stage: Stage | null;
  actor_id: number | null;
  actor_org_id: number | null;
  target_user_id: number | null;
  opinion: Generated<string>;
  refuse_reason_id: number | null;
  details: ColumnType<unknown, string | null, never>;
  remark: Generated<string>;
  idempotency_key: string;
  /** Working days the case waited at the stage this record took it off (set by a trigger). */
  wait_days: Generated<number | null>;
  created_at: CreatedAt;
}

/** Loan applications with their people, houses, files and approval records, and the summary tables the statistics read. */
export interface CaseTables {
  application: ApplicationTable;
  daily_job_run: DailyJobRunTable;
  application_person: ApplicationPersonTable;
  house_property: HousePropertyTable;
  guarantee_quota: GuaranteeQuotaTable;
  application_tally: ApplicationTallyTable;
  application_status_tally: ApplicationRollupTable & { level: number; refuse_reason_id: number };
  application_group_tally: ApplicationRollupTable & { client_group_id: number };
  application_product_tally: ApplicationRollupTable & { product_id: number };
  stage_wait_case: { stage: string; application_id: number; created_at: Timestamp };
  case_tally: CaseTallyTable;
  case_overdue_tally: CaseOverdueTallyTable;
  guarantee_tally: GuaranteeTallyTable;
  stage_tally: StageTallyTable;
  overdue_tally: OverdueTallyTable;
  loan_tally: LoanTallyTable;
  subsidy_tally: SubsidyTallyTable;
  application_file: ApplicationFileTable;
  approval_record: ApprovalRecordTable;
}
