import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt } from './schema-columns';

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

/** Published content, consultations, the outside lookups and history imports. */
export interface ContentTables {
  content_file: ContentFileTable;
  notice: NoticeTable;
  help_info: HelpInfoTable;
  consult: ConsultTable;
  application_insurance: ApplicationInsuranceTable;
  lookup_error: LookupErrorTable;
  import_history: ImportHistoryTable;
}
