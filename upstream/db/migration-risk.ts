import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 0011: the blacklist, whitelist and refusal reasons become screens of their own. Blacklist
 * entries keep their source, expiry and relief (who, when, why); whitelist entries their
 * source organisation and validity; refusal reasons their English text and, for status
 * reasons, the stage that offers them. Every row is versioned for optimistic locking.
 */
export const risk: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('blacklist')
      .addColumn('mobile', 'varchar(11)')
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('MANUAL').check(sql`source in ('MANUAL','STRATEGY','IMPORT')`))
      .addColumn('source_ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_at', 'timestamptz')
      .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('relieved_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('relieve_reason', 'varchar(255)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('blacklist_id_number_idx').on('blacklist').column('id_number').execute();
    await db.schema.createIndex('blacklist_created_idx').on('blacklist').column('created_at').execute();

    await db.schema.alterTable('whitelist')
      .addColumn('source_org', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('valid_until', 'date')
      .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema.alterTable('refuse_reason')
      .addColumn('content_en', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('stage', 'varchar(16)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
