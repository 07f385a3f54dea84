// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${name} is the SMS templates' variable syntax
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { adjustReviewerRoles } from './seed/roles';

/** New HARD indicators of the policy (DOMAIN.md section 1): code, names, metric, operator, min, max, and their reasons (zh, en, SMS). */
const NEW_INDICATORS = [
  {
    code: 'CLIENT_GROUP', zh: '申请人属于该借款人类型的重点群体', en: 'The proposer belongs to a key group of the borrower type', metric: 'CLIENT_GROUP_MISSING',
    operator: 'EQ', min: 0, max: null,
    reason: ['申请人不属于创业担保贷款扶持的重点群体', 'The proposer belongs to none of the policy\'s key groups', '经核查，您不属于创业担保贷款扶持的重点群体，暂不符合申请条件。'],
  },
  {
    code: 'TERM_MAX', zh: '贷款期限不超过最长期限', en: 'Term within the longest term', metric: 'TERM_OVER_MAX',
    operator: 'LTE', min: null, max: 0,
    reason: ['贷款期限超过借款人类型的最长期限', 'The term is longer than the borrower type allows', '您申请的贷款期限超过了最长期限，请调整后重新申请。'],
  },
] as const;
const TYPES = ['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY'];

/** The blacklist strategy's seeded rules beside the fraud rule (DOMAIN.md section 1): situation, parameter, months, name, reason. */
const STRATEGY_RULES = [
  { code: 'COMPENSATED', param: null, months: 60, name: '担保代偿列入黑名单', reason: '担保公司已代偿' },
  { code: 'OVERDUE_DAYS', param: 90, months: 36, name: '逾期超过90天列入黑名单', reason: '贷款逾期超过90天' },
] as const;

/** The SMS scenes of a returned case (DOMAIN.md section 1, 'Returned for supplements'). */
const SMS_TEMPLATES = [
  { scene: 'RETURNED', content: '${name}您好，您的创业担保贷款申请 ${number} 需补正材料：${documents}。请在 ${days} 个工作日内补正，逾期将视为撤回。' },
  { scene: 'WITHDRAWN', content: '${name}您好，您的创业担保贷款申请 ${number} 未在规定期限内补正材料，已视为撤回。' },
] as const;

/**
 * 0034: the rules at the door follow the settings and the policy. A partnership's cap grows with
 * its partners by the configured uplift; the client group and the longest term are HARD
 * indicators (issued as a new version beside the ones in force); the strategy holds its three
 * rules; a returned case keeps its stage and reviewer and waits for supplements (what is
 * awaited, until when, the working days its deadline had left) and is withdrawn after the
 * configured working days by a daily job that runs once across replicas; reviewer roles lose
 * the supervisor's buttons, which a supervisor role per kind of organisation holds.
 */
export const door: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('borrower_type_config')
      .addColumn('partner_uplift', 'numeric(5, 2)', (c) => c.check(sql`partner_uplift between 0 and 100`)).execute();
    await db.updateTable('borrower_type_config').set({ partner_uplift: '10' }).where('borrower_type', '=', 'PARTNERSHIP').execute();

    const issued = await db.selectFrom('indicator_issue').select(['number', 'items']).orderBy('number', 'desc').limit(1).executeTakeFirst();
    const sort = await db.selectFrom('indicator').select((eb) => eb.fn.max('sort').as('n')).executeTakeFirst();
    const added = [];
    for (const [index, item] of NEW_INDICATORS.entries()) {
      if (await db.selectFrom('indicator').select('id').where('code', '=', item.code).executeTakeFirst()) continue;
      const [zh, en, sms] = item.reason;
      const reason = await db.insertInto('refuse_reason').values({ kind: 'INDICATOR', content: zh, content_en: en, sms_text: sms, sort: 100 })
        .returning('id').executeTakeFirstOrThrow();
      const row = {
        code: item.code, name_zh: item.zh, name_en: item.en, source: 'APPLICATION', metric: item.metric, operator: item.operator,
        min_value: item.min, max_value: item.max, borrower_types: JSON.stringify(TYPES), effect: 'HARD', refuse_reason_id: reason.id,
        sort: Number(sort?.n ?? 0) + index + 1,
      };
      await db.insertInto('indicator').values({ ...row, updated_at: new Date() }).execute();
      added.push({ ...row, borrower_types: TYPES });
    }
    // A new version in force: the one before with the new rules (applications keep the version they were checked against).
    if (issued && added.length) {
      const items = typeof issued.items === 'string' ? JSON.parse(issued.items) : issued.items;
      await db.insertInto('indicator_issue').values({ number: issued.number + 1, items: JSON.stringify([...items, ...added]), note: '' }).execute();
    }

    for (const rule of STRATEGY_RULES) {
      const condition = await db.selectFrom('situation_condition').select('id').where('code', '=', rule.code).executeTakeFirstOrThrow();
      if (await db.selectFrom('blacklist_strategy').select('id').where('condition_id', '=', condition.id).executeTakeFirst()) continue;
      await db.insertInto('blacklist_strategy').values({
        name: rule.name, condition_id: condition.id, param_value: rule.param, months: rule.months, reason: rule.reason, sort: rule.code === 'COMPENSATED' ? 2 : 3,
      }).execute();
    }

    for (const template of SMS_TEMPLATES) {
      if (await db.selectFrom('sms_template').select('id').where('scene', '=', template.scene).executeTakeFirst()) continue;
      await db.insertInto('sms_template').values({ scene: template.scene, signature: '创业担保贷款', content: template.content, updated_at: new Date() }).execute();
    }

    // Proof documents are kinds of file: the licence takes the file kind's name.
    await sql`update client_group set proof_kinds = replace(proof_kinds::text, '"BUSINESS_LICENCE"', '"BUSINESS_LICENSE"')::jsonb
      where proof_kinds @> '["BUSINESS_LICENCE"]'::jsonb`.execute(db);

    await db.schema.alterTable('application')
      // What the reviewer returned the case for: document kinds and a note, who and when, until which China day it waits.
      .addColumn('awaited_kinds', 'jsonb')
      .addColumn('return_note', 'varchar(500)')
      .addColumn('returned_by', 'integer', (c) => c.references('app_user.id'))
      .addColumn('returned_at', 'timestamptz')
      .addColumn('supplement_due', 'date')
      // The working days the stage's deadline had left when the case was returned (its deadline is paused meanwhile).
      .addColumn('paused_days', 'integer')
      .execute();
    await sql`create index application_supplement_due_idx on application (supplement_due) where status = 'RETURNED'`.execute(db);
    // A stage's workbench lists the cases returned from it beside those waiting there: its indexes take them in.
    for (const org of ['renshe', 'guarantee', 'bank']) {
      await sql.raw(`drop index application_${org}_open_idx`).execute(db);
      await sql.raw(`create index application_${org}_open_idx on application (stage, ${org}_org_id, created_at desc, id desc) where status in ('IN_REVIEW', 'APPROVED', 'RETURNED')`).execute(db);
    }
    await sql`drop index application_assignee_open_idx`.execute(db);
    await sql`create index application_assignee_open_idx on application (assignee_id, stage, created_at desc, id desc)
      include (renshe_org_id, guarantee_org_id, bank_org_id) where status in ('IN_REVIEW', 'APPROVED', 'RETURNED')`.execute(db);

    await db.insertInto('system_param').values({
      key: 'supplement.workingDays', value: '20', description: 'Working days a returned case waits for its supplements before it is withdrawn', updated_at: new Date(),
    }).onConflict((oc) => oc.column('key').doNothing()).execute();

    // The daily jobs' runs: one row per job and China day, claimed by the replica that runs it.
    await db.schema.createTable('daily_job_run')
      .addColumn('job', 'varchar(32)', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addColumn('count', 'integer')
      .addPrimaryKeyConstraint('daily_job_run_pk', ['job', 'day'])
      .execute();

    await adjustReviewerRoles(db);
  },
};
