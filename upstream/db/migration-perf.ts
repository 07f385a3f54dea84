import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The tables whose changes alter what a user may open or do (menus, buttons, roles and their holders). */
const GRANT_TABLES = ['permission', 'role', 'role_permission', 'user_role'] as const;

/**
 * 0021: performance.
 * - One version row for every user's grants. A statement-level trigger bumps it in the same
 *   transaction as any change of permissions, roles, their grants or who holds them (and of a
 *   user's type or state), so the unread-count poll learns of a change from one row instead of
 *   reading every permission row.
 * - The workbench's overdue filter as a deadline range per stage and organisation: one partial
 *   index per kind of organisation column over the cases in review, carrying the creation time
 *   the list is ordered by, so both the page and its count read only overdue entries.
 * - A stage's open cases (in review or approved) per organisation in the workbench's order: the
 *   list's count (up to its cap) and any date range of it are read from the index alone,
 *   without visiting the table to check each row's status.
 */
export const perf: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('grant_version')
      .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into grant_version (id, version) values (1, 1)`.execute(db);
    await sql`create function bump_grant_version() returns trigger language plpgsql as $$
      begin
        update grant_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of GRANT_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_grant_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_grant_version()`.execute(db);
    }
    for (const org of ['renshe', 'guarantee', 'bank']) {
      await sql.raw(`create index application_${org}_overdue_idx on application (stage, ${org}_org_id, deadline) include (created_at, id) where status = 'IN_REVIEW'`).execute(db);
      await sql.raw(`create index application_${org}_open_idx on application (stage, ${org}_org_id, created_at desc, id desc) where status in ('IN_REVIEW', 'APPROVED')`).execute(db);
    }
    await sql`create trigger app_user_grant_version after update of type, state on app_user
      for each statement execute function bump_grant_version()`.execute(db);
  },
};
