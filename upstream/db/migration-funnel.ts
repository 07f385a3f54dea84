import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const BATCH = 50_000;

/**
 * 0035: the funnel of 申请统计 counts the cases that ever passed a stage, as the bureau reports:
 * `last_stage` (read only by the funnel level) becomes the furthest stage a case has reached, so a
 * case sent back from the guarantee company to renshe still counts as past renshe. The cases a
 * rejection already took back are corrected from their records in batches of ids, each batch an
 * update whose statement triggers move their counts between levels in the tallies.
 */
export const funnel: Migration = {
  async up(db: Kysely<any>) {
    await sql`create function stage_rank(stage varchar) returns smallint language sql immutable as $$
      select coalesce(array_position(array['RS_FIRST','RS_SECOND','RS_FINAL','GC_FIRST','GC_SECOND','GC_HOUSE','BANK_FIRST','BANK_SECOND','BANK_TRANSFER'], stage::text), 0)::smallint
    $$`.execute(db);
    await sql`create or replace function application_last_stage() returns trigger language plpgsql as $$ begin
      new.last_stage := (select s from unnest(array[new.stage, new.last_stage, case when tg_op = 'UPDATE' then old.last_stage end]) s
        where s is not null order by stage_rank(s) desc limit 1);
      return new;
    end $$`.execute(db);
    const { rows } = await sql<{ hi: number | null }>`select max(id) as hi from application`.execute(db);
    for (let from = 0; from <= (rows[0]?.hi ?? 0); from += BATCH) {
      await sql`update application a set last_stage = f.stage from (
          select r.application_id, (array_agg(s order by stage_rank(s) desc))[1] as stage
          from approval_record r cross join lateral unnest(array[r.stage, r.to_stage]) s
          where s is not null and r.application_id > ${from} and r.application_id <= ${from + BATCH} group by r.application_id) f
        where a.id = f.application_id and stage_rank(f.stage) > stage_rank(coalesce(a.last_stage, a.stage))`.execute(db);
    }
  },
};
