import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const TYPES = JSON.stringify(['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY']);
/** The indicator refusal reasons the seeded HARD indicators use (zh, en, SMS). */
const REASONS = {
  AGE_RANGE: ['申请人年龄不在18至60周岁之间', 'The proposer is not between 18 and 60 years old', '您的年龄不符合创业担保贷款申请条件。'],
  AMOUNT_CAP: ['申请金额超过借款人类型的额度上限', 'The amount is above the borrower type\'s cap', '您申请的金额超过了额度上限，请调整后重新申请。'],
  BLACKLIST: ['申请人或相关人员在黑名单中', 'The proposer or a related person is blacklisted', '经核查，您暂不符合申请条件。'],
  OPEN_LOANS: ['已有未结清的创业担保贷款', 'A start-up guarantee loan is still unsettled', '您已有未结清的创业担保贷款，不能重复申请。'],
  CURRENT_OVERDUE: ['征信报告显示当前有逾期', 'The credit report shows a current overdue', '您的征信记录显示当前有逾期，暂不符合申请条件。'],
} as const;
/** The seeded indicators: code, names, metric, operator, min, max, effect. */
const INDICATORS: [string, string, string, string, string, number | null, number | null, 'HARD' | 'SOFT'][] = [
  ['AGE_RANGE', '申请人年龄', 'Proposer\'s age', 'AGE', 'BETWEEN', 18, 60, 'HARD'],
  ['AMOUNT_CAP', '申请金额不超过额度上限', 'Amount within the cap', 'AMOUNT_OVER_CAP', 'LTE', null, 0, 'HARD'],
  ['BLACKLIST', '黑名单核查', 'Blacklist check', 'BLACKLIST_HITS', 'EQ', 0, null, 'HARD'],
  ['OPEN_LOANS', '未结清的创业担保贷款', 'Unsettled start-up loans', 'OPEN_LOANS', 'EQ', 0, null, 'HARD'],
  ['INSURED_MONTHS', '社保缴费月数', 'Months of social insurance paid', 'INSURED_MONTHS', 'GTE', 6, null, 'SOFT'],
  ['CURRENT_OVERDUE', '征信当前逾期', 'Current overdue on the credit report', 'CURRENT_OVERDUE', 'EQ', 0, null, 'HARD'],
  ['UNSETTLED_GUARANTEES', '未结清担保贷款', 'Unsettled guaranteed loans', 'UNSETTLED_GUARANTEES', 'EQ', 0, null, 'SOFT'],
];
const SOURCE_OF: Record<string, string> = {
  AGE: 'APPLICATION', AMOUNT_OVER_CAP: 'APPLICATION', BLACKLIST_HITS: 'BLACKLIST', OPEN_LOANS: 'HISTORY', INSURED_MONTHS: 'INSURANCE',
  CURRENT_OVERDUE: 'CREDIT', UNSETTLED_GUARANTEES: 'CREDIT',
};

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
    await indicators(db);
    await strategies(db);
  },
};

/**
 * Blacklist strategy: the situations that can blacklist a person by themselves (seeded) and
 * the rules over them (condition, its parameter, months on the list, state). A refusal reason
 * marked as fraud is the 'refused for false material' situation.
 */
async function strategies(db: Kysely<any>) {
  await db.schema.alterTable('refuse_reason').addColumn('fraud', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.updateTable('refuse_reason').set({ fraud: true }).where('content', '=', '申请材料与实际情况不符').execute();
  await db.schema.createTable('situation_condition')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(128)', (c) => c.notNull())
    // The parameter a rule gives the situation (e.g. days overdue); null = none.
    .addColumn('param', 'varchar(16)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('situation_condition').values([
    { code: 'FALSE_MATERIAL', name_zh: '因欺诈或虚假材料被拒绝', name_en: 'Refused for fraud or false material', param: null, sort: 1 },
    { code: 'COMPENSATED', name_zh: '担保公司代偿', name_en: 'The guarantee company paid on the borrower\'s behalf', param: null, sort: 2 },
    { code: 'OVERDUE_DAYS', name_zh: '逾期超过 N 天', name_en: 'Overdue more than N days', param: 'DAYS', sort: 3 },
  ]).execute();
  await db.schema.createTable('blacklist_strategy')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('condition_id', 'integer', (c) => c.notNull().references('situation_condition.id'))
    .addColumn('param_value', 'integer')
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'))
    .execute();
  const falseMaterial = await db.selectFrom('situation_condition').select('id').where('code', '=', 'FALSE_MATERIAL').executeTakeFirstOrThrow();
  await db.insertInto('blacklist_strategy').values({
    name: '虚假材料骗贷列入黑名单', condition_id: falseMaterial.id, months: 36, reason: '提供虚假申请材料被拒绝', sort: 1,
  }).execute();
}

/**
 * Indicators: the working rows (the draft) and the issued versions, each a complete snapshot
 * of the rules in force; applications keep the version they were checked against, their
 * outcome, and one verdict per indicator with the observed value.
 */
async function indicators(db: Kysely<any>) {
  await db.schema.createTable('indicator')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(128)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull().check(sql`source in ('APPLICATION','BLACKLIST','HISTORY','INSURANCE','CREDIT')`))
    .addColumn('metric', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator', 'varchar(8)', (c) => c.notNull().check(sql`operator in ('GTE','LTE','EQ','BETWEEN')`))
    .addColumn('min_value', 'numeric(14, 2)')
    .addColumn('max_value', 'numeric(14, 2)')
    .addColumn('borrower_types', 'jsonb', (c) => c.notNull())
    .addColumn('effect', 'varchar(8)', (c) => c.notNull().check(sql`effect in ('HARD','SOFT')`))
    .addColumn('refuse_reason_id', 'integer', (c) => c.references('refuse_reason.id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'))
    .execute();
  await db.schema.createTable('indicator_issue')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('issued_by', 'integer', (c) => c.references('app_user.id'))
    .execute();
  await db.schema.alterTable('application')
    .addColumn('indicator_issue_id', 'integer', (c) => c.references('indicator_issue.id'))
    .addColumn('check_outcome', 'varchar(16)', (c) => c.check(sql`check_outcome in ('PASSED','REFUSED','FLAGGED')`))
    .execute();
  await db.schema.createIndex('application_indicator_issue_idx').on('application').columns(['indicator_issue_id', 'check_outcome']).execute();
  await db.schema.createTable('application_check')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('verdict', 'varchar(16)', (c) => c.notNull().check(sql`verdict in ('PASSED','REFUSED','FLAGGED','UNCHECKED')`))
    .addColumn('observed', 'numeric(14, 2)')
    .addColumn('detail', 'jsonb')
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('application_check_pk', ['application_id', 'code'])
    .execute();

  const reasonIds: Record<string, number> = {};
  for (const [code, [zh, en, sms]] of Object.entries(REASONS)) {
    const row = await db.insertInto('refuse_reason').values({ kind: 'INDICATOR', content: zh, content_en: en, sms_text: sms, sort: 100 })
      .returning('id').executeTakeFirstOrThrow();
    reasonIds[code] = row.id;
  }
  const rows = INDICATORS.map(([code, zh, en, metric, operator, min, max, effect], index) => ({
    code, name_zh: zh, name_en: en, source: SOURCE_OF[metric], metric, operator, min_value: min, max_value: max, borrower_types: TYPES,
    effect, refuse_reason_id: reasonIds[code] ?? null, sort: index + 1,
  }));
  await db.insertInto('indicator').values(rows).execute();
  const items = rows.map((r) => ({ ...r, borrower_types: JSON.parse(r.borrower_types) }));
  await db.insertInto('indicator_issue').values({ number: 1, items: JSON.stringify(items), note: '' }).execute();
}
