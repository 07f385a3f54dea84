import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const TYPES = ['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY'];

/**
 * 0038: a person may borrow again once settled (DOMAIN.md section 1), at most the configured number
 * of subsidised loans (seed 3): a HARD indicator on which loan of the proposer this would be,
 * issued as a new version beside the ones in force (earlier verdicts keep their version). An
 * administrator changes the number on the indicators' screen and issues it.
 */
export const loanNumber: Migration = {
  async up(db: Kysely<any>) {
    if (await db.selectFrom('indicator').select('id').where('code', '=', 'LOAN_NUMBER').executeTakeFirst()) return;
    const issued = await db.selectFrom('indicator_issue').select(['number', 'items']).orderBy('number', 'desc').limit(1).executeTakeFirst();
    const sort = await db.selectFrom('indicator').select((eb) => eb.fn.max('sort').as('n')).executeTakeFirst();
    const reason = await db.insertInto('refuse_reason').values({
      kind: 'INDICATOR', content: '已达到创业担保贷款的享受次数上限', content_en: 'The proposer has had as many start-up guarantee loans as the policy allows',
      sms_text: '您享受创业担保贷款的次数已达上限，暂不符合申请条件。', sort: 100,
    }).returning('id').executeTakeFirstOrThrow();
    const row = {
      code: 'LOAN_NUMBER', name_zh: '享受创业担保贷款不超过3次', name_en: 'At most 3 start-up guarantee loans per person', source: 'HISTORY', metric: 'LOAN_NUMBER',
      operator: 'LTE', min_value: null, max_value: 3, borrower_types: JSON.stringify(TYPES), effect: 'HARD', refuse_reason_id: reason.id, sort: Number(sort?.n ?? 0) + 1,
    };
    await db.insertInto('indicator').values({ ...row, updated_at: new Date() }).execute();
    // On an installation with indicators in force; a fresh one issues its first version from the seed.
    if (issued) {
      const items = typeof issued.items === 'string' ? JSON.parse(issued.items) : issued.items;
      await db.insertInto('indicator_issue').values({ number: issued.number + 1, items: JSON.stringify([...items, { ...row, borrower_types: TYPES }]), note: '' }).execute();
    }
  },
};
