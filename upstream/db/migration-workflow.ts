import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const createdAt = <T extends string>(table: CreateTableBuilder<T, any>) =>
  table.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/** 0004: approval modules and nodes, applications with their people, houses and files, approval records. */
export const workflow: Migration = {
  async up(db: Kysely<any>) {
    // Approval modules (flows) and their ordered nodes with people and time limits.
    await db.schema.createTable('approval_module')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('borrower_type', 'varchar(16)', (c) => c.notNull().check(sql`borrower_type in ('PERSON','SMALL_COMPANY','PARTNERSHIP')`))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED'))
      .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .$call(createdAt)
      .execute();
    // One enabled module per borrower type: new applications take it.
    await sql`create unique index approval_module_enabled_uq on approval_module (borrower_type) where state = 'ENABLED'`.execute(db);

    await db.schema.createTable('approval_node')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('module_id', 'integer', (c) => c.notNull().references('approval_module.id'))
      .addColumn('stage', 'varchar(16)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('time_limit_days', 'integer')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .$call(createdAt)
      .execute();
    await sql`create unique index approval_node_stage_uq on approval_node (module_id, stage)`.execute(db);

    await db.schema.createTable('approval_node_person')
      .addColumn('node_id', 'integer', (c) => c.notNull().references('approval_node.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('approval_node_person_pk', ['node_id', 'user_id'])
      .execute();
    await db.schema.createIndex('approval_node_person_user_idx').on('approval_node_person').column('user_id').execute();

    // Default time limits per stage, in working days (system time-out config).
    await db.schema.createTable('overtime_config')
      .addColumn('stage', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('remind', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // Refusal reasons (indicator and status refusal reasons).
    await db.schema.createTable('refuse_reason')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('INDICATOR','STATUS')`))
      .addColumn('content', 'varchar(255)', (c) => c.notNull())
      .addColumn('sms_text', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(createdAt)
      .execute();

    await db.schema.createTable('blacklist')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_number', 'varchar(18)', (c) => c.notNull())
      .addColumn('reason', 'varchar(255)', (c) => c.notNull())
      .addColumn('relieved_at', 'timestamptz')
      .$call(createdAt)
      .execute();
    await sql`create unique index blacklist_active_uq on blacklist (id_number) where relieved_at is null`.execute(db);
    await db.schema.createTable('whitelist')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_number', 'varchar(18)', (c) => c.notNull().unique())
      .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .$call(createdAt)
      .execute();

    // Applications. The proposer's search fields sit on the row itself (1:1), the other
    // people in application_person; the current node, assignee and deadline drive the workbenches.
    await db.schema.createTable('application')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('number', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('client_key', 'varchar(64)', (c) => c.unique())
      .addColumn('borrower_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('module_id', 'integer', (c) => c.notNull().references('approval_module.id'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('node_id', 'integer', (c) => c.references('approval_node.id'))
      .addColumn('stage', 'varchar(16)')
      .addColumn('assignee_id', 'integer', (c) => c.references('app_user.id'))
      .addColumn('maker_id', 'integer', (c) => c.references('app_user.id'))
      .addColumn('entered_at', 'timestamptz')
      .addColumn('deadline', 'timestamptz')
      .addColumn('overdue_notified_on', 'date')
      .addColumn('renshe_org_id', 'integer', (c) => c.notNull().references('organization.id'))
      .addColumn('guarantee_org_id', 'integer', (c) => c.notNull().references('organization.id'))
      .addColumn('bank_org_id', 'integer', (c) => c.notNull().references('organization.id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_number', 'varchar(18)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('gender', 'varchar(8)', (c) => c.notNull())
      .addColumn('household_register', 'varchar(100)', (c) => c.notNull())
      .addColumn('employment_category', 'varchar(32)', (c) => c.notNull())
      .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('business_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('business_scope', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('term_months', 'integer', (c) => c.notNull())
      .addColumn('rate', 'numeric(6, 4)', (c) => c.notNull())
      .addColumn('repayment_method', 'varchar(24)', (c) => c.notNull())
      .addColumn('guarantee_method', 'varchar(16)', (c) => c.notNull())
      .addColumn('guarantee_quota', 'numeric(12, 2)')
      .addColumn('loan_amount', 'numeric(12, 2)')
      .addColumn('loan_date', 'date')
      .addColumn('whitelisted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('resign_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refuse_reason_id', 'integer', (c) => c.references('refuse_reason.id'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .$call(createdAt)
      .execute();
    // Workbench lists: waiting at a stage for an organisation, newest first; and the searches.
    for (const org of ['renshe', 'guarantee', 'bank']) {
      await sql.raw(`create index application_${org}_stage_idx on application (stage, ${org}_org_id, created_at desc, id desc)`).execute(db);
      await sql.raw(`create index application_${org}_status_idx on application (${org}_org_id, status, created_at desc, id desc)`).execute(db);
    }
    await db.schema.createIndex('application_created_idx').on('application').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('application_assignee_idx').on('application').columns(['assignee_id', 'stage']).execute();
    await db.schema.createIndex('application_deadline_idx').on('application').column('deadline').execute();
    await db.schema.createIndex('application_name_idx').on('application').column('name').execute();
    await db.schema.createIndex('application_id_number_idx').on('application').column('id_number').execute();
    await db.schema.createIndex('application_mobile_idx').on('application').column('mobile').execute();

    await db.schema.createTable('application_person')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('SPOUSE','PARTNER','EMPLOYEE','GUARANTOR','GUARANTOR_SPOUSE')`))
      .addColumn('guarantor_id', 'integer', (c) => c.references('application_person.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_number', 'varchar(18)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('gender', 'varchar(8)', (c) => c.notNull())
      .addColumn('work_unit', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('share_ratio', 'numeric(5, 2)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('application_person_app_idx').on('application_person').columns(['application_id', 'role']).execute();
    await db.schema.createIndex('application_person_id_number_idx').on('application_person').column('id_number').execute();

    await db.schema.createTable('house_property')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
      .addColumn('certificate_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('owner', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .addColumn('area', 'numeric(10, 2)', (c) => c.notNull())
      .addColumn('assessed_value', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('mortgage_state', 'varchar(16)', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('registered_on', 'date')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('house_property_app_idx').on('house_property').column('application_id').execute();

    await db.schema.createTable('application_file')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.references('application.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(24)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('mime', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('uploaded_by', 'integer', (c) => c.references('app_user.id'))
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('application_file_app_idx').on('application_file').column('application_id').execute();

    // Approval records are immutable: one per action, with its idempotency key.
    await db.schema.createTable('approval_record')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('node_id', 'integer', (c) => c.references('approval_node.id'))
      .addColumn('stage', 'varchar(16)')
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('to_node_id', 'integer', (c) => c.references('approval_node.id'))
      .addColumn('to_stage', 'varchar(16)')
      .addColumn('actor_id', 'integer', (c) => c.references('app_user.id'))
      .addColumn('actor_org_id', 'integer', (c) => c.references('organization.id'))
      .addColumn('target_user_id', 'integer', (c) => c.references('app_user.id'))
      .addColumn('opinion', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('refuse_reason_id', 'integer', (c) => c.references('refuse_reason.id'))
      .addColumn('details', 'jsonb')
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
      .$call(createdAt)
      .execute();
    await sql`create unique index approval_record_key_uq on approval_record (application_id, idempotency_key)`.execute(db);
    await db.schema.createIndex('approval_record_app_idx').on('approval_record').columns(['application_id', 'id']).execute();
    await db.schema.createIndex('approval_record_actor_idx').on('approval_record').columns(['stage', 'actor_org_id', 'application_id']).execute();
  },
};
