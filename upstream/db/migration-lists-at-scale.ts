import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0026: the workbench lists at 1,000,000 applications. Two indexes are replaced by wider ones
 * (no index is added, so a write maintains as many as before):
 * - 'Mine' (a reviewer's own cases at a stage): the user's open cases per stage in the
 *   workbench's order, with the case's organisations, so a page reads its ten entries and the
 *   count reads the index alone, instead of every case the user ever held at the stage and its
 *   row. It replaces `application_assignee_idx` (assignee, stage), whose other readers (the entry
 *   page's own cases, a node's people with their pending cases) ask for cases in review, which
 *   this partial index holds.
 * - A stage by amount: `application_stage_amount_idx` carries the status and organisations, so
 *   a deep page of a stage's open cases by amount is read from the index alone, in order, rather
 *   than sorting every open case of the stage after visiting its row.
 */
export const listsAtScale: Migration = {
  async up(db: Kysely<any>) {
    await sql`create index application_assignee_open_idx on application (assignee_id, stage, created_at desc, id desc)
      include (renshe_org_id, guarantee_org_id, bank_org_id) where status in ('IN_REVIEW', 'APPROVED')`.execute(db);
    await sql`drop index application_assignee_idx`.execute(db);
    await sql`drop index application_stage_amount_idx`.execute(db);
    await sql`create index application_stage_amount_idx on application (stage, amount, id)
      include (status, renshe_org_id, guarantee_org_id, bank_org_id)`.execute(db);
  },
};
