import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0040: what the operation log (操作日志) and the sign-in log (登录日志) read back:
 *
 * - audit_log: the actor's organisation and the client address of the call, beside who, what,
 *   which record and the change (rows written before this have neither);
 * - sign_in_log: every password sign-in attempt: the name typed, the account it named (when it
 *   exists), its organisation, the outcome (SUCCESS, FAILURE, LOCKED) and the client address.
 *
 * Neither table has an edit or delete call. The menu entries and their buttons come from the
 * route catalogue (lib/contract/menu-routes.ts), added to every installation at start.
 * Kept in a file of its own so that its number is easy to change.
 */
export const logs: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('audit_log').addColumn('org_id', 'integer').execute();
    await db.schema.alterTable('audit_log').addColumn('client_ip', 'varchar(64)').execute();
    await sql`create index audit_log_newest_idx on audit_log (id desc)`.execute(db);
    await db.schema.createTable('sign_in_log')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id'))
      .addColumn('org_id', 'integer')
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull().check(sql`outcome in ('SUCCESS','FAILURE','LOCKED')`))
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index sign_in_log_created_idx on sign_in_log (created_at desc, id desc)`.execute(db);
  },
};
