import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { GeneratedApplication } from './generator';
import { chinaDay } from './generator-time';

/**
 * Writes generated applications: ids are drawn from the sequences first (so people, houses
 * and records can point at them), then each table gets one INSERT ... SELECT over a JSON
 * array of its rows, the same SQL on PostgreSQL and PGlite. Numbers are DB + the day of
 * submission + the id (DB202611220001); record keys are seed-<number>-<n>.
 */
type Columns = readonly (readonly [name: string, type: string])[];

const APPLICATION: Columns = [
  ['id', 'int'], ['number', 'text'], ['borrower_type', 'text'], ['module_id', 'int'], ['status', 'text'], ['node_id', 'int'],
  ['stage', 'text'], ['assignee_id', 'int'], ['maker_id', 'int'], ['entered_at', 'timestamptz'], ['deadline', 'timestamptz'],
  ['overdue_notified_on', 'date'], ['renshe_org_id', 'int'], ['guarantee_org_id', 'int'], ['bank_org_id', 'int'], ['name', 'text'],
  ['id_number', 'text'], ['mobile', 'text'], ['gender', 'text'], ['household_register', 'text'], ['employment_category', 'text'],
  ['address', 'text'], ['business_name', 'text'], ['business_scope', 'text'], ['amount', 'numeric'], ['term_months', 'int'],
  ['rate', 'numeric'], ['repayment_method', 'text'], ['guarantee_method', 'text'], ['guarantee_quota', 'numeric'],
  ['loan_amount', 'numeric'], ['loan_date', 'date'], ['whitelisted', 'boolean'], ['refuse_reason_id', 'int'], ['client_group_id', 'int'], ['product_id', 'int'],
  ['awaited_kinds', 'jsonb'], ['return_note', 'text'], ['returned_by', 'int'], ['returned_at', 'timestamptz'], ['supplement_due', 'date'], ['paused_days', 'int'],
  ['version', 'int'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
];
const PERSON: Columns = [
  ['id', 'int'], ['application_id', 'int'], ['role', 'text'], ['guarantor_id', 'int'], ['name', 'text'], ['id_number', 'text'],
  ['mobile', 'text'], ['gender', 'text'], ['work_unit', 'text'], ['share_ratio', 'numeric'], ['sort', 'int'], ['key_group', 'boolean'], ['created_at', 'timestamptz'],
];
const HOUSE: Columns = [
  ['application_id', 'int'], ['certificate_no', 'text'], ['owner', 'text'], ['address', 'text'], ['area', 'numeric'],
  ['assessed_value', 'numeric'], ['mortgage_state', 'text'], ['registered_on', 'date'], ['mortgage_no', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
];
const RECORD: Columns = [
  ['application_id', 'int'], ['action', 'text'], ['node_id', 'int'], ['stage', 'text'], ['from_status', 'text'], ['to_status', 'text'],
  ['to_node_id', 'int'], ['to_stage', 'text'], ['actor_id', 'int'], ['actor_org_id', 'int'], ['target_user_id', 'int'], ['opinion', 'text'],
  ['refuse_reason_id', 'int'], ['details', 'jsonb'], ['idempotency_key', 'text'], ['created_at', 'timestamptz'],
];

async function insertRows(db: Kysely<Database>, table: string, columns: Columns, rows: object[]) {
  if (!rows.length) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const types = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  await sql`insert into ${sql.table(table)} (${sql.raw(names)})
    select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(rows)}::json) as t(${sql.raw(types)})`.execute(db);
}

async function nextIds(db: Kysely<Database>, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export interface WrittenCounts { applications: number; people: number; houses: number; records: number }

/** Writes a batch in order of submission, so ids and numbers grow with time. */
export async function insertApplications(db: Kysely<Database>, generated: readonly GeneratedApplication[]): Promise<WrittenCounts> {
  const batch = [...generated].sort((a, b) => a.app.created_at.getTime() - b.app.created_at.getTime());
  const appIds = await nextIds(db, 'application', batch.length);
  const personIds = await nextIds(db, 'application_person', batch.reduce((n, g) => n + g.people.length, 0));
  const apps: object[] = [];
  const people: object[] = [];
  const houses: object[] = [];
  const records: object[] = [];
  let nextPerson = 0;
  for (const [index, generated] of batch.entries()) {
    const id = appIds[index]!;
    const number = `DB${chinaDay(generated.app.created_at).replace(/-/g, '')}${String(id).padStart(4, '0')}`;
    apps.push({ ...generated.app, id, number });
    const ids = generated.people.map(() => personIds[nextPerson++]!);
    for (const [i, { guarantorIndex, ...person }] of generated.people.entries()) {
      people.push({ ...person, id: ids[i], application_id: id, guarantor_id: guarantorIndex === null ? null : ids[guarantorIndex], created_at: generated.app.created_at });
    }
    if (generated.house) houses.push({ ...generated.house, application_id: id, created_at: generated.app.created_at, updated_at: generated.app.updated_at });
    for (const [n, record] of generated.records.entries()) records.push({ ...record, application_id: id, idempotency_key: `seed-${number}-${n + 1}` });
  }
  await insertRows(db, 'application', APPLICATION, apps);
  await insertRows(db, 'application_person', PERSON, people);
  await insertRows(db, 'house_property', HOUSE, houses);
  await insertRows(db, 'approval_record', RECORD, records);
  return { applications: apps.length, people: people.length, houses: houses.length, records: records.length };
}
