import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The policy's key groups (DOMAIN.md section 1) with the borrower types they apply to and their proof. */
const CLIENT_GROUPS: { code: string; zh: string; en: string; proof: string[]; creditExempt: boolean }[] = [
  { code: 'UNEMPLOYED', zh: '城镇登记失业人员', en: 'Registered unemployed', proof: ['UNEMPLOYMENT_CERT'], creditExempt: false },
  { code: 'HARD_TO_EMPLOY', zh: '就业困难人员', en: 'People with employment difficulties', proof: ['HARDSHIP_CERT'], creditExempt: false },
  { code: 'VETERAN', zh: '复员转业退役军人', en: 'Demobilised and retired soldiers', proof: ['DISCHARGE_CERT'], creditExempt: true },
  { code: 'RELEASED', zh: '刑满释放人员', en: 'Released prisoners', proof: ['RELEASE_CERT'], creditExempt: false },
  { code: 'GRADUATE', zh: '高校毕业生', en: 'College graduates', proof: ['DIPLOMA'], creditExempt: true },
  { code: 'RETURNEE', zh: '返乡创业农民工', en: 'Migrant workers starting up at home', proof: ['MIGRANT_PROOF', 'HOUSEHOLD'], creditExempt: false },
  { code: 'ONLINE_SHOP', zh: '网络商户', en: 'Online merchants', proof: ['SHOP_PROOF'], creditExempt: false },
  { code: 'OUT_OF_POVERTY', zh: '脱贫人口', en: 'People lifted out of poverty', proof: ['POVERTY_PROOF'], creditExempt: true },
  { code: 'RURAL', zh: '农村自主创业农民', en: 'Rural self-employed farmers', proof: ['RURAL_PROOF', 'HOUSEHOLD'], creditExempt: false },
  { code: 'LAID_OFF', zh: '化解过剩产能企业职工', en: 'Workers of over-capacity firms', proof: ['LAYOFF_PROOF'], creditExempt: false },
];
const ALL_TYPES = ['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY'];

/** One product per borrower type, matching the demo applications (amounts, terms, rates up to 4.35%). */
const PRODUCTS = [
  { code: 'PERSON-STD', type: 'PERSON', zh: '个人创业担保贷款', en: 'Personal start-up guarantee loan', min: 10_000, max: 300_000, terms: [12, 18, 24, 36] },
  { code: 'PARTNER-STD', type: 'PARTNERSHIP', zh: '合伙创业担保贷款', en: 'Partnership start-up guarantee loan', min: 50_000, max: 1_100_000, terms: [12, 18, 24, 36] },
  { code: 'COMPANY-STD', type: 'SMALL_COMPANY', zh: '小微企业创业担保贷款', en: 'Small-company start-up guarantee loan', min: 100_000, max: 4_000_000, terms: [12, 18, 24] },
];

const audited = <T extends string>(table: CreateTableBuilder<T, any>) => table
  .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
  .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
  .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
  .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
  .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'));

/**
 * 0010: borrower types with their caps, the policy's client groups and the loan products, each
 * application linked to its group (by its employment category) and to its borrower type's product.
 * The reference rows are part of the migration so that existing applications can be linked here.
 */
export const eligibility: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('borrower_type_config')
      .addColumn('borrower_type', 'varchar(16)', (c) => c.primaryKey().check(sql`borrower_type in ('PERSON','SMALL_COMPANY','PARTNERSHIP')`))
      .addColumn('name_zh', 'varchar(32)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
      // The cap per borrower (per partner for a partnership) and, for a partnership, the cap in all.
      .addColumn('cap_amount', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('total_cap_amount', 'numeric(12, 2)')
      .addColumn('max_term_months', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'))
      .execute();
    await db.insertInto('borrower_type_config').values([
      { borrower_type: 'PERSON', name_zh: '个人', name_en: 'Person', cap_amount: 300_000, total_cap_amount: null, max_term_months: 36 },
      { borrower_type: 'PARTNERSHIP', name_zh: '合伙经营', name_en: 'Partnership', cap_amount: 300_000, total_cap_amount: 1_100_000, max_term_months: 36 },
      { borrower_type: 'SMALL_COMPANY', name_zh: '小微企业', name_en: 'Small company', cap_amount: 4_000_000, total_cap_amount: null, max_term_months: 24 },
    ]).execute();

    await db.schema.createTable('client_group')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(128)', (c) => c.notNull())
      .addColumn('borrower_types', 'jsonb', (c) => c.notNull())
      .addColumn('proof_kinds', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('credit_exempt', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(audited)
      .execute();
    await db.insertInto('client_group').values(CLIENT_GROUPS.map((g, index) => ({
      code: g.code, name_zh: g.zh, name_en: g.en, borrower_types: JSON.stringify(ALL_TYPES), proof_kinds: JSON.stringify(g.proof),
      credit_exempt: g.creditExempt, sort: index + 1,
    }))).execute();

    // Products are versioned: an edit adds a revision (current), older revisions stay for the applications that name them.
    await db.schema.createTable('loan_product')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('current', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(128)', (c) => c.notNull())
      .addColumn('borrower_type', 'varchar(16)', (c) => c.notNull().check(sql`borrower_type in ('PERSON','SMALL_COMPANY','PARTNERSHIP')`))
      // Ids of the client groups it serves; empty = every group of its borrower type.
      .addColumn('client_group_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('amount_min', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('amount_max', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('terms', 'jsonb', (c) => c.notNull())
      // Rate rule: the LPR (system parameter) plus a margin in basis points, never above the cap (a fraction, 0.0435 = 4.35%).
      .addColumn('rate_margin_bp', 'integer', (c) => c.notNull())
      .addColumn('rate_cap', 'numeric(6, 4)', (c) => c.notNull())
      // Share of the interest paid from public funds (0-1).
      .addColumn('subsidy_share', 'numeric(5, 4)', (c) => c.notNull())
      .addColumn('repayment_methods', 'jsonb', (c) => c.notNull())
      .addColumn('guarantee_methods', 'jsonb', (c) => c.notNull())
      // The approval flow it uses; null = the enabled flow of its borrower type.
      .addColumn('module_id', 'integer', (c) => c.references('approval_module.id'))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(audited)
      .execute();
    await sql`create unique index loan_product_revision_uq on loan_product (code, revision)`.execute(db);
    await sql`create unique index loan_product_current_uq on loan_product (code) where current`.execute(db);
    await db.insertInto('loan_product').values(PRODUCTS.map((p, index) => ({
      code: p.code, name_zh: p.zh, name_en: p.en, borrower_type: p.type, amount_min: p.min, amount_max: p.max,
      terms: JSON.stringify(p.terms), rate_margin_bp: 150, rate_cap: '0.0435', subsidy_share: '0.5000',
      repayment_methods: JSON.stringify(['INTEREST_MONTHLY', 'EQUAL_INSTALMENT', 'EQUAL_PRINCIPAL']),
      guarantee_methods: JSON.stringify(['HOUSE', 'GUARANTOR', 'CREDIT']), sort: index + 1,
    }))).execute();

    await db.schema.alterTable('application').addColumn('client_group_id', 'integer', (c) => c.references('client_group.id')).execute();
    await db.schema.alterTable('application').addColumn('product_id', 'integer', (c) => c.references('loan_product.id')).execute();
    await sql`update application a set client_group_id = g.id from client_group g where g.name_zh = a.employment_category`.execute(db);
    await sql`update application a set product_id = p.id from loan_product p where p.borrower_type = a.borrower_type and p.current`.execute(db);
  },
};
