import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PushTables } from './schema-push';
import type { Action, ApplicationStatus, BorrowerType, GuaranteeMethod, RepaymentState, Stage } from '../../lib/workflow/stages';
import type { RepaymentMethod } from '../../lib/workflow/plan';
import type { SmsScene } from '../../lib/workflow/sms';
import type { AgreementKind } from '../../lib/workflow/agreement';
import type { Effect, IndicatorSource, Metric, Operator, Verdict } from '../../lib/workflow/indicators';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Parameters of a stored text: plain values, or keys of the catalogue translated when read. */
export type StoredParams = Record<string, string | number | { key: string }>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type OrgType = 'OPERATOR' | 'RENSHE' | 'GUARANTEE' | 'BANK';
type UserState = 'ENABLED' | 'DISABLED' | 'WRITTEN_OFF';

interface OrganizationTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  type: OrgType;
  region_code: string | null;
  state: Generated<'ENABLED' | 'DISABLED'>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface UserTable {
  id: Generated<number>;
  org_id: number | null;
  username: string;
  nickname: string;
  mobile: string | null;
  mail: string | null;
  type: number;
  state: Generated<UserState>;
  password_hash: string;
  locale: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface RoleTable {
  id: Generated<number>;
  /** The Chinese name, or the one name an administrator typed. */
  name: string;
  /** The English name; empty: the name serves both languages. */
  name_en: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  /** The role self-registered accounts receive: neither renamed nor deleted. */
  built_in: Generated<boolean>;
  state: Generated<'ENABLED' | 'DISABLED'>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface UserRoleTable { user_id: number; role_id: number }

/** One row: bumped by a trigger with every change of grants (migration-perf.ts). */
interface GrantVersionTable { id: number; version: number }

interface PermissionTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'MENU' | 'BUTTON';
  /** Route path of a menu node; null for buttons and pure groups. */
  path: string | null;
  title_zh: string;
  title_en: string;
  icon: string | null;
  sort: Generated<number>;
  header_group: string | null;
  hidden: Generated<boolean>;
  /** Access value a menu entry needs (SPEC section 6 'auth'); null for none. */
  auth: string | null;
  /** `module::action` of a button. */
  action: string | null;
  /** Component name the power list groups buttons under. */
  component: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

interface RolePermissionTable { role_id: number; permission_id: number }

interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  uuid: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

interface LoginLimitTable {
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

interface LoginAddressTable {
  user_id: number;
  /** An IPv4 address or an IPv6 /64 network (lib/net-address.ts addressBucket). */
  address: string;
  last_success_at: Timestamp;
}

interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: 'LOGIN' | 'REGISTER';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  template: string;
  content: string;
  client_ip: string | null;
  created_at: CreatedAt;
  /** The template the text was rendered from and its version then (null: a message without a template). */
  template_id: ColumnType<number | null, number | null | undefined, number | null>;
  template_version: ColumnType<number | null, number | null | undefined, number | null>;
}

interface SystemParamTable {
  key: string;
  value: string;
  description: Generated<string>;
  updated_at: Timestamp;
}

interface MessageTable {
  id: Generated<number>;
  user_id: number;
  /** Text of a message written before 0020 (or by hand); a message with a key reads '' here. */
  content: Generated<string>;
  /** The message's text as a key of the service's catalogue and its parameters (core/stored-text.ts), shown in the reader's language. */
  text_key: string | null;
  text_params: ColumnType<StoredParams | null, string | null, string | null>;
  menu_url: string | null;
  has_read: Generated<number>;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

interface RegionTable {
  code: string;
  name: string;
  /** English name ('' when none: the Chinese one serves both languages). */
  name_en: Generated<string>;
  parent_code: string;
  letter: string;
}

interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

type Numeric = ColumnType<string, string | number, string | number>;
type DateOnly = ColumnType<string, string, string>;

interface ApprovalModuleTable {
  id: Generated<number>;
  name: string;
  /** Blank: the Chinese name is shown to every reader (migration 0032). */
  name_en: Generated<string>;
  borrower_type: BorrowerType;
  state: Generated<'ENABLED' | 'DISABLED'>;
  description: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

interface ApprovalNodeTable {
  id: Generated<number>;
  module_id: number;
  stage: Stage;
  sort: number;
  /** Working days; null takes the stage's time-out config. */
  time_limit_days: number | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** The day a person was last reminded of their overdue cases. */
interface OverdueReminderTable { user_id: number; day: string; cases: number }

interface ApprovalNodePersonTable { node_id: number; user_id: number }

interface OvertimeConfigTable {
  stage: Stage;
  days: number;
  remind: Generated<boolean>;
  version: Generated<number>;
  updated_at: Timestamp;
}

interface CalendarDayTable {
  id: Generated<number>;
  /** A China day, YYYY-MM-DD (read it with to_char: a date column comes back as a Date in the process's zone). */
  day: string;
  kind: 'HOLIDAY' | 'WORKDAY';
  name: string;
  name_en: string;
  version: Generated<number>;
  updated_at: Timestamp;
}

interface RefuseReasonTable {
  id: Generated<number>;
  kind: 'INDICATOR' | 'STATUS';
  content: string;
  content_en: Generated<string>;
  /** The stage whose refuse dialog offers a STATUS reason; null = every stage. */
  stage: Stage | null;
  sms_text: Generated<string>;
  /** A refusal for fraud or false material (the FALSE_MATERIAL situation of the blacklist strategy). */
  fraud: Generated<boolean>;
  state: Generated<'ENABLED' | 'DISABLED'>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface SituationConditionTable {
  id: Generated<number>;
  code: 'FALSE_MATERIAL' | 'COMPENSATED' | 'OVERDUE_DAYS';
  name_zh: string;
  name_en: string;
  param: 'DAYS' | null;
  sort: Generated<number>;
}

interface BlacklistStrategyTable {
  id: Generated<number>;
  name: string;
  condition_id: number;
  param_value: number | null;
  months: number;
  reason: string;
  state: Generated<ConfigState>;
  sort: Generated<number>;
  version: Generated<number>;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface BlacklistTable {
  id: Generated<number>;
  name: string;
  id_number: string;
  mobile: string | null;
  reason: string;
  source: Generated<'MANUAL' | 'STRATEGY' | 'IMPORT'>;
  /** The rule (STRATEGY) or import (IMPORT) that added the entry. */
  source_ref: Generated<string>;
  /** Null: until relieved. */
  expires_at: Timestamp | null;
  created_by: number | null;
  relieved_at: Timestamp | null;
  relieved_by: number | null;
  relieve_reason: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface WhitelistTable {
  id: Generated<number>;
  name: string;
  id_number: string;
  source_org: Generated<string>;
  note: Generated<string>;
  /** The last day (China) the entry counts; null = no end. */
  valid_until: DateOnly | null;
  created_by: number | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

type ConfigState = 'ENABLED' | 'DISABLED';

/** A working indicator (the draft); issuing copies the enabled ones into an indicator_issue. */
interface IndicatorTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  source: IndicatorSource;
  metric: Metric;
  operator: Operator;
  min_value: Numeric | null;
  max_value: Numeric | null;
  borrower_types: JsonList<BorrowerType>;
  effect: Effect;
  refuse_reason_id: number | null;
  state: Generated<ConfigState>;
  sort: Generated<number>;
  version: Generated<number>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** One issued item: the indicator as it was issued. */
export interface IssuedIndicator {
  code: string; name_zh: string; name_en: string; source: IndicatorSource; metric: Metric; operator: Operator;
  min_value: number | string | null; max_value: number | string | null; borrower_types: BorrowerType[]; effect: Effect; refuse_reason_id: number | null; sort: number;
}

interface IndicatorIssueTable {
  id: Generated<number>;
  number: number;
  items: ColumnType<IssuedIndicator[], string, string>;
  note: Generated<string>;
  issued_at: Timestamp;
  issued_by: number | null;
}

interface ApplicationCheckTable {
  application_id: number;
  code: string;
  verdict: Verdict;
  observed: Numeric | null;
  detail: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  checked_at: Timestamp;
}
type JsonList<T> = ColumnType<T[], string, string>;

interface BorrowerTypeConfigTable {
  borrower_type: BorrowerType;
  name_zh: string;
  name_en: string;
  /** Per borrower (per partner for a partnership). */
  cap_amount: Numeric;
  /** A partnership's cap in all. */
  total_cap_amount: Numeric | null;
  max_term_months: number;
  /** Small companies' staffing indicator (null for other types): the key-group hires' share of the staff (%), */
  key_hire_share: Numeric | null;
  /** the share that suffices when the staff is above the threshold (%), */
  key_hire_large_share: Numeric | null;
  /** and that threshold (staff). */
  key_hire_staff_threshold: number | null;
  version: Generated<number>;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface ClientGroupTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  borrower_types: JsonList<BorrowerType>;
  proof_kinds: ColumnType<string[], string | undefined, string>;
  credit_exempt: Generated<boolean>;
  state: Generated<ConfigState>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A loan product revision; `current` marks the one new applications take. */
interface LoanProductTable {
  id: Generated<number>;
  code: string;
  revision: Generated<number>;
  current: Generated<boolean>;
  name_zh: string;
  name_en: string;
  borrower_type: BorrowerType;
  client_group_ids: ColumnType<number[], string | undefined, string>;
  amount_min: Numeric;
  amount_max: Numeric;
  terms: JsonList<number>;
  rate_margin_bp: number;
  /** A fraction: 0.0435 is 4.35%. */
  rate_cap: Numeric;
  subsidy_share: Numeric;
  repayment_methods: JsonList<RepaymentMethod>;
  guarantee_methods: JsonList<GuaranteeMethod>;
  module_id: number | null;
  state: Generated<ConfigState>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface SmsTemplateTable {
  id: Generated<number>;
  scene: SmsScene;
  signature: string;
  content: string;
  state: Generated<ConfigState>;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface GuaranteeMethodTable {
  code: GuaranteeMethod;
  name_zh: string;
  name_en: string;
  max_amount: Numeric;
  required_docs: ColumnType<string[], string | undefined, string>;
  guarantor_count: number | null;
  allow_whitelisted: Generated<boolean>;
  allow_exempt_groups: Generated<boolean>;
  state: Generated<ConfigState>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface AgreementTemplateTable {
  id: Generated<number>;
  product_code: string;
  kind: AgreementKind;
  title: string;
  body: string;
  state: Generated<ConfigState>;
  version: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface AgreementTemplateVersionTable {
  template_id: number;
  version: number;
  title: string;
  body: string;
  created_at: CreatedAt;
}

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
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
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
  wait_days: ColumnType<string, string | number, string | number>;
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

interface SubsidyTallyTable {
  month: DateOnly;
  renshe_org_id: number;
  bank_org_id: number;
  guarantee_org_id: number;
  product_id: number;
  loans: number;
  subsidy: Numeric;
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

interface ContentFileTable {
  id: Generated<number>;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  uploaded_by: number;
  created_at: CreatedAt;
}

interface NoticeTable {
  id: Generated<number>;
  title: string;
  category: 'POLICY' | 'NOTICE' | 'NEWS';
  body: string;
  region_code: string | null;
  cover_file_id: number | null;
  file_ids: ColumnType<number[], number[] | undefined, number[]>;
  pinned: Generated<boolean>;
  state: Generated<'DRAFT' | 'PUBLISHED' | 'WITHDRAWN'>;
  publish_at: Timestamp | null;
  created_by: number;
  updated_by: number;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface HelpInfoTable {
  id: Generated<number>;
  title: string;
  category: 'APPLY' | 'MATERIALS' | 'FAQ';
  body: string;
  file_ids: ColumnType<number[], number[] | undefined, number[]>;
  sort: Generated<number>;
  state: Generated<'ENABLED' | 'DISABLED'>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface ConsultTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  category: 'POLICY' | 'APPLY' | 'SUGGESTION' | 'OTHER';
  content: string;
  client_ip: string;
  client_key: string | null;
  state: Generated<'PENDING' | 'ANSWERED' | 'CLOSED'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: Timestamp | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface ApplicationInsuranceTable {
  application_id: number;
  insured: boolean;
  months_paid: number;
  employer: string | null;
  last_month_paid: string | null;
  simulated: boolean;
  read_at: Timestamp;
}

export type LookupSource = 'INSURANCE' | 'CREDIT';
export type LookupTrigger = 'INTAKE' | 'RECHECK' | 'INSURE' | 'RETRY';

interface LookupErrorTable {
  id: Generated<number>;
  application_id: number;
  source: LookupSource;
  trigger: LookupTrigger;
  code: string;
  message_key: string;
  message_params: ColumnType<Record<string, string | number>, string | undefined, string>;
  retries: Generated<number>;
  resolved_at: Date | null;
  resolved_by: number | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface ImportHistoryTable {
  id: Generated<number>;
  file_name: string;
  user_id: number;
  mode: 'ALL' | 'CLEAN';
  rows_read: number;
  imported: number;
  created_count: number;
  updated_count: number;
  refused: number;
  created_at: CreatedAt;
}

export interface Database extends PushTables {
  organization: OrganizationTable;
  app_user: UserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  permission: PermissionTable;
  role_permission: RolePermissionTable;
  grant_version: GrantVersionTable;
  auth_token: AuthTokenTable;
  login_limit: LoginLimitTable;
  login_address: LoginAddressTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  system_param: SystemParamTable;
  message: MessageTable;
  region: RegionTable;
  audit_log: AuditLogTable;
  approval_module: ApprovalModuleTable;
  approval_node: ApprovalNodeTable;
  approval_node_person: ApprovalNodePersonTable;
  overtime_config: OvertimeConfigTable;
  calendar_day: CalendarDayTable;
  overdue_reminder: OverdueReminderTable;
  refuse_reason: RefuseReasonTable;
  blacklist: BlacklistTable;
  whitelist: WhitelistTable;
  borrower_type_config: BorrowerTypeConfigTable;
  client_group: ClientGroupTable;
  indicator: IndicatorTable;
  indicator_issue: IndicatorIssueTable;
  application_check: ApplicationCheckTable;
  situation_condition: SituationConditionTable;
  blacklist_strategy: BlacklistStrategyTable;
  loan_product: LoanProductTable;
  sms_template: SmsTemplateTable;
  guarantee_method: GuaranteeMethodTable;
  agreement_template: AgreementTemplateTable;
  agreement_template_version: AgreementTemplateVersionTable;
  application: ApplicationTable;
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
  content_file: ContentFileTable;
  notice: NoticeTable;
  help_info: HelpInfoTable;
  consult: ConsultTable;
  application_insurance: ApplicationInsuranceTable;
  lookup_error: LookupErrorTable;
  import_history: ImportHistoryTable;
}

export type User = Selectable<UserTable>;
export type Permission = Selectable<PermissionTable>;
