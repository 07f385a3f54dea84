import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { eligibility } from './migration-eligibility';
import { products } from './migration-products';
import { risk } from './migration-risk';
import { workflow } from './migration-workflow';
import { content } from './migration-content';
import { reports } from './migration-reports';
import { caseTally } from './migration-case-tally';
import { riskEvents } from './migration-risk-events';
import { lookups } from './migration-lookups';
import { push } from './migration-push';
import { perf } from './migration-perf';
import { regionNames } from './migration-region-names';
import { flowNames } from './migration-flow-names';
import { textsCalendar } from './migration-texts-calendar';
import { staffingLimits } from './migration-staffing-limits';
import { roleNames } from './migration-role-names';
import { applyRollup } from './migration-apply-rollup';
import { listsAtScale } from './migration-lists-at-scale';
import { scopeVersion } from './migration-scope-version';
import { door } from './migration-door';
import { funnel } from './migration-funnel';
import { menuTitles } from './migration-menu-titles';
import { loans } from './migration-loans';
import { loanNumber } from './migration-loan-number';
import { logs } from './migration-logs';
import { subsidy } from './migration-subsidy';

/**
 * Migrations in code (not files) so the same list runs from Next's server bundle,
 * the standalone service and the tests. Append only; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('organization')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('parent_id', 'integer', (c) => c.references('organization.id'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('OPERATOR','RENSHE','GUARANTEE','BANK')`))
        .addColumn('region_code', 'varchar(12)')
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('organization_parent_idx').on('organization').column('parent_id').execute();

      await db.schema.createTable('app_user')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'integer', (c) => c.references('organization.id'))
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(11)')
        .addColumn('mail', 'varchar(254)')
        .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('locale', 'varchar(8)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`create unique index app_user_username_uq on app_user (lower(username))`.execute(db);
      await sql`create unique index app_user_mobile_uq on app_user (mobile) where state <> 'WRITTEN_OFF'`.execute(db);
      await db.schema.createIndex('app_user_org_idx').on('app_user').column('org_id').execute();

      await db.schema.createTable('role')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema.createTable('user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema.createTable('permission')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('parent_id', 'integer', (c) => c.references('permission.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('MENU','BUTTON')`))
        .addColumn('path', 'varchar(200)')
        .addColumn('title_zh', 'varchar(64)', (c) => c.notNull())
        .addColumn('title_en', 'varchar(64)', (c) => c.notNull())
        .addColumn('icon', 'varchar(64)')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('header_group', 'varchar(32)')
        .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('auth', 'varchar(64)')
        .addColumn('action', 'varchar(100)')
        .addColumn('component', 'varchar(64)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('permission_parent_idx').on('permission').column('parent_id').execute();

      await db.schema.createTable('role_permission')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('permission_id', 'integer', (c) => c.notNull().references('permission.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
        .execute();

      await db.schema.createTable('auth_token')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('auth_token_user_idx').on('auth_token').column('user_id').execute();

      await db.schema.createTable('login_limit')
        .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .execute();

      await db.schema.createTable('sms_code')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'char(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('consumed_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('sms_code_mobile_idx').on('sms_code').columns(['mobile', 'purpose', 'created_at']).execute();

      await db.schema.createTable('sms_outbox')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
        .addColumn('template', 'varchar(64)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('client_ip', 'varchar(64)')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('sms_outbox_ip_idx').on('sms_outbox').columns(['client_ip', 'created_at']).execute();

      await db.schema.createTable('system_param')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema.createTable('message')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('menu_url', 'varchar(200)')
        .addColumn('has_read', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('read_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('message_user_idx').on('message').columns(['user_id', 'has_read', 'created_at']).execute();

      await db.schema.createTable('region')
        .addColumn('code', 'varchar(12)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('parent_code', 'varchar(12)', (c) => c.notNull())
        .addColumn('letter', 'char(1)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('region_parent_idx').on('region').column('parent_code').execute();

      await db.schema.createTable('audit_log')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(64)')
        .addColumn('summary', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_admin_versions_and_audit': {
    async up(db: Kysely<any>) {
      // Optimistic locking of the administered records: a save carries the version it read.
      for (const table of ['organization', 'role', 'permission']) {
        await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      }
      await db.schema.alterTable('permission').addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)).execute();
      await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
      await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();
      await db.schema.createIndex('role_permission_permission_idx').on('role_permission').column('permission_id').execute();
    },
  },
  '0003_user_admin': {
    async up(db: Kysely<any>) {
      // The user table pages by creation time; deleting a user asks whether it ever acted.
      await db.schema.createIndex('app_user_created_idx').on('app_user').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
      // Organisation names are unique among siblings (roots are siblings of each other).
      await sql`create unique index organization_sibling_name_uq on organization (coalesce(parent_id, 0), lower(name))`.execute(db);
    },
  },
  '0004_workflow': workflow,
  '0005_workflow_list_orders': {
    async up(db: Kysely<any>) {
      // The loan query by status, newest first; overdue cases of a stage; a stage by amount.
      await sql`create index application_status_created_idx on application (status, created_at desc, id desc)`.execute(db);
      await sql`create index application_stage_deadline_idx on application (stage, deadline) where status = 'IN_REVIEW'`.execute(db);
      await sql`create index application_stage_amount_idx on application (stage, amount, id)`.execute(db);
    },
  },
  '0006_spouses_and_notices': {
    async up(db: Kysely<any>) {
      // The spouse list by name; the published notices (approved and loaned cases), newest first.
      await sql`create index application_person_spouse_name_idx on application_person (name) where role = 'SPOUSE'`.execute(db);
      await sql`create index application_published_idx on application (updated_at desc, id desc) where status in ('APPROVED', 'LOANED')`.execute(db);
    },
  },
  '0007_flow_config': {
    async up(db: Kysely<any>) {
      // Flows and their nodes are deleted softly: the records of cases that went through them stay readable.
      await db.schema.alterTable('approval_module').addColumn('deleted_at', 'timestamptz').execute();
      await db.schema.alterTable('approval_node').addColumn('deleted_at', 'timestamptz').execute();
      await sql`drop index approval_node_stage_uq`.execute(db);
      await sql`create unique index approval_node_stage_uq on approval_node (module_id, stage) where deleted_at is null`.execute(db);
      // One overdue reminder per person and day.
      await db.schema.createTable('overdue_reminder')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('day', 'date', (c) => c.notNull())
        .addColumn('cases', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('overdue_reminder_pk', ['user_id', 'day'])
        .execute();
    },
  },
  '0008_guards': {
    async up(db: Kysely<any>) {
      // An action key names one action on one case: it is looked up on every case to refuse its reuse.
      await sql`create index approval_record_idempotency_idx on approval_record (idempotency_key)`.execute(db);
      // Flow names are unique per borrower type among flows not deleted; a duplicate made before gets its id appended.
      await sql`update approval_module m set name = left(m.name, 61 - length(m.id::text)) || ' (' || m.id || ')', version = m.version + 1
        where m.deleted_at is null and exists (select 1 from approval_module o where o.deleted_at is null
          and o.borrower_type = m.borrower_type and lower(o.name) = lower(m.name) and o.id < m.id)`.execute(db);
      await sql`create unique index approval_module_name_uq on approval_module (borrower_type, lower(name)) where deleted_at is null`.execute(db);
    },
  },
  '0009_login_throttle': {
    async up(db: Kysely<any>) {
      // Addresses an account signed in from: a lock after failures elsewhere does not stop its owner there.
      await db.schema.createTable('login_address')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_success_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_address_pk', ['user_id', 'address'])
        .execute();
      // Counters whose window has passed are pruned as failures come in.
      await db.schema.createIndex('login_limit_window_idx').on('login_limit').column('window_start').execute();
    },
  },
  '0010_eligibility': eligibility,
  '0011_risk': risk,
  '0012_content': content,
  '0013_products': products,
  '0014_reports': reports,
  '0015_risk_events': riskEvents,
  '0016_push': push,
  '0017_lookups': lookups,
  '0018_case_tally': caseTally,
  '0020_texts_calendar': textsCalendar,
  '0021_perf': perf,
  '0022_staffing_limits': staffingLimits,
  '0023_role_names': roleNames,
  '0024_apply_rollup': applyRollup,
  '0026_lists_at_scale': listsAtScale,
  '0031_region_names': regionNames,
  '0032_flow_names': flowNames,
  '0033_scope_version': scopeVersion,
  '0034_door': door,
  '0035_funnel': funnel,
  '0036_menu_titles': menuTitles,
  '0037_loans': loans,
  '0038_loan_number': loanNumber,
  '0040_logs': logs,
  '0041_subsidy': subsidy,
};
