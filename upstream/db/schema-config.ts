import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Numeric, DateOnly, JsonList } from './schema-columns';
import type { BorrowerType, GuaranteeMethod, Stage } from '../../lib/workflow/stages';
import type { RepaymentMethod } from '../../lib/workflow/plan';
import type { SmsScene } from '../../lib/workflow/sms';
import type { AgreementKind } from '../../lib/workflow/agreement';
import type { Effect, IndicatorSource, Metric, Operator, Verdict } from '../../lib/workflow/indicators';

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
  items: JsonList<IssuedIndicator>;
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
  /** A partnership's uplift on its partners' caps (%; null for other types). */
  partner_uplift: Numeric | null;
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

/** What administrators configure: flows and their nodes, time limits and the calendar, refusal reasons, lists and indicators, borrower types, client groups, products, SMS templates, guarantee methods and agreements. */
export interface ConfigTables {
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
}
