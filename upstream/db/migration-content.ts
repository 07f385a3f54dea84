import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0012: notices, help templates, consultations and the files their bodies show (DOMAIN.md section 3). */
export const content: Migration = {
  async up(db: Kysely<any>) {
    // Files uploaded for bodies and covers (ueditor-file): images and PDF documents.
    await db.schema.createTable('content_file')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('mime', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(80)', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema.createTable('notice')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull().check(sql`category in ('POLICY','NOTICE','NEWS')`))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('region_code', 'varchar(12)')
      .addColumn('cover_file_id', 'integer', (c) => c.references('content_file.id'))
      // Every file the body shows or links and the cover: what the portal may read once the notice is out.
      .addColumn('file_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
      .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT').check(sql`state in ('DRAFT','PUBLISHED','WITHDRAWN')`))
      .addColumn('publish_at', 'timestamptz')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('updated_by', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index notice_portal_idx on notice (pinned desc, publish_at desc) where state = 'PUBLISHED'`.execute(db);

    await db.schema.createTable('help_info')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull().check(sql`category in ('APPLY','MATERIALS','FAQ')`))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('file_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('help_info_category_idx').on('help_info').columns(['category', 'sort']).execute();

    await db.schema.createTable('consult')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull().check(sql`category in ('POLICY','APPLY','SUGGESTION','OTHER')`))
      .addColumn('content', 'text', (c) => c.notNull())
      // The asker's address bucket (lib/http/net-address), for the per-address limit.
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_key', 'varchar(64)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('PENDING').check(sql`state in ('PENDING','ANSWERED','CLOSED')`))
      .addColumn('answer', 'text')
      .addColumn('answered_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('answered_at', 'timestamptz')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('consult_mobile_idx').on('consult').columns(['mobile', 'created_at']).execute();
    await db.schema.createIndex('consult_ip_idx').on('consult').columns(['client_ip', 'created_at']).execute();
    await db.schema.createIndex('consult_state_idx').on('consult').columns(['state', 'created_at']).execute();
    await sql`create unique index consult_client_key_uq on consult (client_key) where client_key is not null`.execute(db);
  },
};
