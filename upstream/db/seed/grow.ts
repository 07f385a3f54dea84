import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Grows a database of generated applications by copying them in SQL (INSERT ... SELECT), far
 * faster than generating: each copy gets a new id, application number (DB + day of submission
 * + id, as generated ones) and client key, and its people (spouses, partners, employees,
 * guarantors with their spouses, pointing at the copied guarantor), house and approval records
 * come with it (the records' keys name the copy's number). Copies keep everything else but their client group: the n-th copy of an
 * application takes the n-th next client group (none stays none) and its name as the
 * employment category, as generated applications have it, so the statistics' summary
 * tables grow with the copies much as with generated applications rather than staying at the
 * originals' combinations. The summary tables' statement triggers fire as on any insert, so they stay exact;
 * only the two row triggers of approval_record are switched off inside each batch's
 * transaction, as the copies carry the values they would compute (wait_days, last_stage).
 * Columns are read from the catalogue, so columns added by later migrations are copied too.
 * Applications are copied in id order from those present at the start, starting over at the
 * first when more copies are needed than there are originals.
 */
const TABLES = ['application', 'application_person', 'house_property', 'approval_record'] as const;
const ROW_TRIGGERS = ['record_wait_days', 'record_last_stage'];

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

export interface GrowProgress { copied: number; target: number; rows: number }

export async function growApplications(db: Kysely<Database>, target: number, options: { batch?: number; onBatch?: (progress: GrowProgress) => void } = {}): Promise<GrowProgress> {
  const batch = options.batch ?? 20_000;
  const count = async () => Number((await sql<{ n: string }>`select count(*) as n from application`.execute(db)).rows[0]!.n);
  const start = await count();
  const progress: GrowProgress = { copied: 0, target: Math.max(0, target - start), rows: 0 };
  if (progress.target === 0) return progress;
  const bounds = (await sql<{ lo: number; hi: number }>`select min(id) as lo, max(id) as hi from application`.execute(db)).rows[0]!;
  const columns = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await columnsOf(db, t)] as const))) as Record<(typeof TABLES)[number], string[]>;
  const list = (names: string[]) => sql.raw(names.map((n) => `"${n}"`).join(', '));
  const from = (alias: string, names: string[], replaced: Record<string, string>) =>
    sql.raw(names.map((n) => replaced[n] ?? `${alias}."${n}"`).join(', '));
  const others = (table: (typeof TABLES)[number], skip: string[]) => columns[table].filter((c) => !skip.includes(c));
  const appColumns = others('application', []);
  const personColumns = others('application_person', []);
  const houseColumns = others('house_property', ['id']);
  const recordColumns = others('approval_record', ['id']);

  const groups = (await sql<{ id: number }>`select id from client_group order by id`.execute(db)).rows.map((r) => r.id);
  const groupIds = sql.raw(`array[${groups.join(',') || '0'}]::int[]`);
  let round = 1;
  let after = bounds.lo - 1;
  while (progress.copied < progress.target) {
    const size = Math.min(batch, progress.target - progress.copied);
    const rows = await db.transaction().execute(async (trx) => {
      await sql`create temp table grow_app on commit drop as
        select id as src, nextval(pg_get_serial_sequence('application', 'id'))::int as dst
        from (select id from application where id > ${after} and id <= ${bounds.hi} order by id limit ${size}) s order by id`.execute(trx);
      const last = (await sql<{ src: number | null; n: string }>`select max(src) as src, count(*) as n from grow_app`.execute(trx)).rows[0]!;
      if (Number(last.n) === 0) { after = bounds.lo - 1; round++; return -1; } // past the last original: start over
      after = last.src!;
      await sql`create temp table grow_person on commit drop as
        select p.id as src, nextval(pg_get_serial_sequence('application_person', 'id'))::int as dst
        from (select p.id from application_person p join grow_app g on g.src = p.application_id order by p.id) p`.execute(trx);
      for (const trigger of ROW_TRIGGERS) await sql`alter table approval_record disable trigger ${sql.id(trigger)}`.execute(trx);
      const inserted = await sql`insert into application (${list(appColumns)})
        select ${from('a', appColumns, {
          id: 'g.dst',
          number: `'DB' || to_char((a.created_at at time zone 'Asia/Shanghai')::date, 'YYYYMMDD') || lpad(g.dst::text, greatest(4, length(g.dst::text)), '0')`,
          client_key: `case when a.client_key is null then null else left(a.client_key, 48) || '~' || g.dst end`,
          client_group_id: 'next_group.id',
          employment_category: 'coalesce(next_group.name, a.employment_category)',
        })} from application a join grow_app g on g.src = a.id
        cross join lateral (select case when a.client_group_id is null then null else coalesce(
          (${groupIds})[(array_position(${groupIds}, a.client_group_id) - 1 + ${round}) % ${Math.max(groups.length, 1)} + 1], a.client_group_id) end as id) next_group_id
        cross join lateral (select next_group_id.id, (select c.name_zh from client_group c where c.id = next_group_id.id) as name) next_group
        order by g.dst`.execute(trx);
      const people = await sql`insert into application_person (${list(personColumns)})
        select ${from('p', personColumns, { id: 'gp.dst', application_id: 'g.dst', guarantor_id: 'gg.dst' })}
        from application_person p join grow_person gp on gp.src = p.id join grow_app g on g.src = p.application_id
        left join grow_person gg on gg.src = p.guarantor_id order by gp.dst`.execute(trx);
      const houses = await sql`insert into house_property (${list(houseColumns)})
        select ${from('h', houseColumns, { application_id: 'g.dst' })} from house_property h join grow_app g on g.src = h.application_id order by h.id`.execute(trx);
      const records = await sql`insert into approval_record (${list(recordColumns)})
        select ${from('r', recordColumns, { application_id: 'g.dst', idempotency_key: 'replace(r.idempotency_key, o.number, c.number)' })}
        from approval_record r join grow_app g on g.src = r.application_id join application o on o.id = g.src join application c on c.id = g.dst order by r.id`.execute(trx);
      for (const trigger of ROW_TRIGGERS) await sql`alter table approval_record enable trigger ${sql.id(trigger)}`.execute(trx);
      progress.copied += Number(last.n);
      return [inserted, people, houses, records].reduce((n, r) => n + Number(r.numAffectedRows ?? 0), 0);
    });
    if (rows < 0) continue;
    progress.rows += rows;
    options.onBatch?.({ ...progress });
  }
  return progress;
}

/** Summary tables whose counts must add up to the number of applications (one row per case). */
export async function checkTallies(db: Kysely<Database>): Promise<{ table: string; sum: number; cases: number }[]> {
  const cases = Number((await sql<{ n: string }>`select count(*) as n from application`.execute(db)).rows[0]!.n);
  const out = [];
  for (const table of ['application_tally', 'case_tally']) {
    const sum = Number((await sql<{ n: string | null }>`select sum(n) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n ?? 0);
    out.push({ table, sum, cases });
  }
  return out;
}
