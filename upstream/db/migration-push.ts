import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0016: push targets, the transactional outbox their events (and the supervision batches) are
 * delivered from, and the daily supervision batches (DOMAIN.md section 4).
 */
export const push: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('push_target')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      // The shared HMAC key: sent to nobody, shown back only by its last four characters.
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .addColumn('events', 'jsonb', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index push_target_name_uq on push_target (lower(name))`.execute(db);

    // One batch per China day: two processes that both find the day missing insert one row between them.
    await db.schema.createTable('supervision_batch')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('day', 'date', (c) => c.notNull().unique())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING','SUCCEEDED','FAILED')`))
      .addColumn('answer', 'text')
      .addColumn('simulated', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema.createTable('push_outbox')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('EVENT','SUPERVISION')`))
      .addColumn('target_id', 'integer', (c) => c.references('push_target.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('supervision_batch.id'))
      .addColumn('application_id', 'integer', (c) => c.references('application.id'))
      .addColumn('application_number', 'varchar(32)')
      .addColumn('event', 'varchar(16)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('PENDING')
        .check(sql`status in ('PENDING','SENDING','FAILED','DELIVERED','DEAD')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // Attempts allowed in all: a manual push raises it by the limit, so the count of attempts stays whole.
      .addColumn('attempt_limit', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('lease_until', 'timestamptz')
      .addColumn('last_http_code', 'integer')
      .addColumn('last_error', 'varchar(16)')
      .addColumn('last_detail', 'varchar(300)')
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // What the worker claims: due rows by time (delivered and dead rows are not in the index).
    await sql`create index push_outbox_due_idx on push_outbox (next_attempt_at, id) where status in ('PENDING','FAILED','SENDING')`.execute(db);
    await sql`create index push_outbox_created_idx on push_outbox (created_at desc, id desc)`.execute(db);
    await sql`create index push_outbox_application_idx on push_outbox (application_number)`.execute(db);
    await sql`create index push_outbox_batch_idx on push_outbox (batch_id) where batch_id is not null`.execute(db);
  },
};
