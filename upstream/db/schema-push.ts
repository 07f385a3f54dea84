import type { Generated } from 'kysely';
import type { CreatedAt, DateOnly, JsonList, Timestamp } from './schema-columns';
import type { BatchStatus, PushError, PushEvent, PushKind, PushStatus } from '../../lib/workflow/push';

interface PushTargetTable {
  id: Generated<number>;
  name: string;
  url: string;
  secret: string;
  events: JsonList<PushEvent>;
  state: Generated<'ENABLED' | 'DISABLED'>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface SupervisionBatchTable {
  id: Generated<number>;
  /** YYYY-MM-DD (China day). */
  day: DateOnly;
  count: number;
  succeeded: Generated<number>;
  failed: Generated<number>;
  status: Generated<BatchStatus>;
  answer: string | null;
  simulated: Generated<boolean>;
  runs: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface PushOutboxTable {
  id: Generated<number>;
  kind: PushKind;
  target_id: number | null;
  batch_id: number | null;
  application_id: number | null;
  application_number: string | null;
  event: PushEvent | 'SUPERVISION';
  payload: string;
  idempotency_key: string;
  status: Generated<PushStatus>;
  attempts: Generated<number>;
  attempt_limit: number;
  next_attempt_at: Timestamp;
  lease_until: Date | null;
  last_http_code: number | null;
  last_error: PushError | null;
  last_detail: string | null;
  delivered_at: Date | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The tables of data push and the supervision sync (migration-push.ts). */
export interface PushTables {
  push_target: PushTargetTable;
  supervision_batch: SupervisionBatchTable;
  push_outbox: PushOutboxTable;
}
