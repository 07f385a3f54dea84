import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0017: the outside lookups and the historical import (DOMAIN.md section 4):
 *
 * - application_insurance: the proposer's social-insurance record as last read, per application;
 * - lookup_error: every failed credit-report or government-data lookup (the real-time errors
 *   screen), one open row per application and source, with its retries and when it was resolved;
 * - import_history: each historical-data import (file, who, when, rows read, imported, refused);
 * - application.import_id: the import that last wrote a loan made before the platform.
 */
export const lookups: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('application_insurance')
      .addColumn('application_id', 'integer', (c) => c.primaryKey().references('application.id').onDelete('cascade'))
      .addColumn('insured', 'boolean', (c) => c.notNull())
      .addColumn('months_paid', 'integer', (c) => c.notNull())
      .addColumn('employer', 'varchar(200)')
      .addColumn('last_month_paid', 'varchar(7)')
      .addColumn('simulated', 'boolean', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema.createTable('lookup_error')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
      .addColumn('source', 'varchar(16)', (c) => c.notNull().check(sql`source in ('INSURANCE','CREDIT')`))
      .addColumn('trigger', 'varchar(16)', (c) => c.notNull().check(sql`trigger in ('INTAKE','RECHECK','INSURE','RETRY')`))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('message_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('message_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('resolved_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index lookup_error_open_uq on lookup_error (application_id, source) where resolved_at is null`.execute(db);
    await sql`create index lookup_error_created_idx on lookup_error (created_at desc, id desc)`.execute(db);

    await db.schema.createTable('import_history')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('mode', 'varchar(8)', (c) => c.notNull().check(sql`mode in ('ALL','CLEAN')`))
      .addColumn('rows_read', 'integer', (c) => c.notNull())
      .addColumn('imported', 'integer', (c) => c.notNull())
      .addColumn('created_count', 'integer', (c) => c.notNull())
      .addColumn('updated_count', 'integer', (c) => c.notNull())
      .addColumn('refused', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index import_history_created_idx on import_history (created_at desc, id desc)`.execute(db);

    await db.schema.alterTable('application').addColumn('import_id', 'integer', (c) => c.references('import_history.id')).execute();
  },
};
