import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The staffing indicator of small companies (DOMAIN.md section 1) and its refusal reason. */
const KEY_HIRES = {
  code: 'KEY_HIRES', name_zh: '新招用重点群体人员占比', name_en: 'Key-group hires as share of staff',
  source: 'APPLICATION', metric: 'KEY_HIRE_MARGIN', operator: 'GTE', min_value: 0, max_value: null, effect: 'HARD',
} as const;
const KEY_HIRES_REASON = {
  content: '小微企业新招用重点群体人员占比不足（职工100人以下不低于15%，超过100人不低于8%）',
  content_en: 'Too few new hires from the key groups (at least 15% of staff, 8% above 100 staff)',
  sms_text: '您的企业新招用符合条件人员的比例未达到小微企业创业担保贷款的要求。',
};

/**
 * 0015: what the bank reports on an issued loan (repaid on time, overdue by some days, paid by
 * the guarantee company) and a small company's staff count; the staffing indicator of small
 * companies (new hires of the key groups at least 15% of staff, 8% above 100 staff) joins the
 * indicators and the set in force as a new issued version, so verdicts of older versions stay.
 */
export const riskEvents: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('application')
      .addColumn('repayment_state', 'varchar(16)', (c) => c.check(sql`repayment_state in ('NORMAL','OVERDUE','COMPENSATED')`))
      .addColumn('overdue_days', 'integer', (c) => c.check(sql`overdue_days > 0`))
      .addColumn('staff_count', 'integer', (c) => c.check(sql`staff_count > 0`))
      .execute();

    const reason = await db.insertInto('refuse_reason').values({ kind: 'INDICATOR', ...KEY_HIRES_REASON, sort: 100 }).returning('id').executeTakeFirstOrThrow();
    const last = await db.selectFrom('indicator').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
    const row = { ...KEY_HIRES, borrower_types: JSON.stringify(['SMALL_COMPANY']), refuse_reason_id: reason.id, sort: Number(last?.sort ?? 0) + 1 };
    await db.insertInto('indicator').values(row).execute();
    const current = await db.selectFrom('indicator_issue').select(['number', 'items']).orderBy('number', 'desc').limit(1).executeTakeFirst();
    if (!current) return;
    const items = [...(typeof current.items === 'string' ? JSON.parse(current.items) : current.items), { ...row, borrower_types: ['SMALL_COMPANY'] }];
    await db.insertInto('indicator_issue').values({ number: current.number + 1, items: JSON.stringify(items), note: '' }).execute();
  },
};
