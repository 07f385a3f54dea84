import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createCase } from './workflow-fixtures';

const FORM = 'businessClubFirstTrial/statisticsForm';

interface Direct { org: number; status: string; stage: string; n: string; amount: string; overdue: string }

/**
 * The bank and guarantee statistics answer from summary tables the triggers keep: after every
 * kind of write (a batch insert, updates that move cases between statuses, stages, organisations,
 * borrower types and deadlines, deletes) their answers equal a direct count of the applications.
 */
describeUpstream('the bank and guarantee statistics stay exact over their summary tables', (up) => {
  let admin: string;
  let bank: string;
  beforeAll(async () => {
    admin = await up().login('admin');
    bank = await up().login('bank');
  });
  const form = async (body: object, token = admin) => (await up().call(FORM, body, { token })).body.data;

  /** The period's cases counted straight from the application table, grouped like the answer. */
  async function direct(side: 'bank' | 'guarantee', period: { dateFrom: string; dateTo: string }, scopeOrg?: number) {
    const column = sql.ref(side === 'bank' ? 'bank_org_id' : 'guarantee_org_id');
    const scope = scopeOrg === undefined ? sql`true` : sql`(renshe_org_id = ${scopeOrg} or guarantee_org_id = ${scopeOrg} or bank_org_id = ${scopeOrg})`;
    const { rows } = await sql<Direct>`select ${column} as org, status, coalesce(stage, '') as stage, count(*) as n, coalesce(sum(amount), 0) as amount,
        count(*) filter (where status = 'IN_REVIEW' and deadline < now()) as overdue
      from application where (created_at at time zone 'UTC' + interval '8 hours')::date between ${period.dateFrom}::date and ${period.dateTo}::date and ${scope}
      group by 1, 2, 3`.execute(up().db);
    return rows;
  }

  async function expectExact(token = admin, scopeOrg?: number, sides: ('bank' | 'guarantee')[] = ['bank', 'guarantee']) {
    for (const side of sides) {
      const data = await form({ side }, token);
      const rows = await direct(side, data.period, scopeOrg);
      const total = rows.reduce((n, r) => n + Number(r.n), 0);
      expect(data.summary.total).toBe(total);
      expect(data.summary.amount).toBeCloseTo(rows.reduce((n, r) => n + Number(r.amount), 0), 2);
      expect(data.summary.overdue).toBe(rows.reduce((n, r) => n + Number(r.overdue), 0));
      for (const entry of data.byStatus as { status: string; count: number }[]) {
        expect(entry.count, entry.status).toBe(rows.filter((r) => r.status === entry.status).reduce((n, r) => n + Number(r.n), 0));
      }
      for (const entry of data.byStage as { stage: string; count: number; overdue: number }[]) {
        const at = rows.filter((r) => r.status === 'IN_REVIEW' && r.stage === entry.stage);
        expect([entry.stage, entry.count, entry.overdue]).toEqual([entry.stage, at.reduce((n, r) => n + Number(r.n), 0), at.reduce((n, r) => n + Number(r.overdue), 0)]);
      }
      for (const entry of data.byOrg as { orgId: number; total: number }[]) {
        expect(entry.total).toBe(rows.filter((r) => r.org === entry.orgId).reduce((n, r) => n + Number(r.n), 0));
      }
    }
  }

  /** The guarantee balances on a few days against the loans themselves: their accounts and repayments, and the cases approved. */
  async function expectBalances() {
    for (const day of ['2024-06-30', '2026-01-05', '2026-09-15', undefined]) {
      const data = (await up().call('businessClubFirstTrial/getBondingCompanyList', day ? { date: day } : {}, { token: admin })).body.data;
      const { rows: loans } = await sql<{ org: number; n: string; amount: string }>`select l.guarantee_org_id as org, count(*) as n,
          coalesce(sum(l.principal - coalesce((select sum(r.principal) from loan_repayment r where r.application_id = l.application_id and r.paid_on <= ${data.date}::date), 0)), 0) / 100.0 as amount
        from loan_account l where l.issue_date <= ${data.date}::date and (l.settled_on is null or l.settled_on > ${data.date}::date)
          and (l.compensated_on is null or l.compensated_on > ${data.date}::date) group by 1`.execute(up().db);
      const { rows: approved } = await sql<{ org: number; pending: string; waiting: string }>`select guarantee_org_id as org,
          count(*) filter (where status = 'APPROVED') as pending, coalesce(sum(coalesce(guarantee_quota, amount)) filter (where status = 'APPROVED'), 0) as waiting
        from application group by 1`.execute(up().db);
      for (const c of data.list as { orgId: number; loans: number; used: number; pending: number; pendingAmount: number }[]) {
        const l = loans.find((x) => x.org === c.orgId), a = approved.find((x) => x.org === c.orgId);
        expect([c.orgId, c.loans, c.used, c.pending, c.pendingAmount]).toEqual([c.orgId, Number(l?.n ?? 0), Number(l?.amount ?? 0), Number(a?.pending ?? 0), Number(a?.waiting ?? 0)]);
      }
    }
  }

  it('equals a direct count on the demo data, and after inserts, moves between statuses, stages and organisations, deadlines and deletes', async () => {
    await expectExact();
    await expectBalances();
    const cases = [];
    for (let i = 0; i < 5; i += 1) cases.push(await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank' }));
    await expectExact();
    const ids = cases.map((c) => c.id);
    // One statement moving several cases: a deadline passed yesterday, another stage, another bank, a borrower type.
    await up().db.updateTable('application').set({ deadline: new Date(Date.now() - 86_400_000) }).where('id', 'in', ids.slice(0, 3)).execute();
    await up().db.updateTable('application').set({ stage: 'GC_FIRST' }).where('id', '=', ids[1]!).execute();
    const other = await up().db.selectFrom('organization').select('id').where('type', '=', 'BANK').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await up().db.updateTable('application').set({ bank_org_id: other.id, borrower_type: 'PARTNERSHIP' }).where('id', '=', ids[2]!).execute();
    // Due later today (counted live once past), loaned and refused.
    await up().db.updateTable('application').set({ deadline: new Date(Date.now() - 60_000) }).where('id', '=', ids[3]!).execute();
    await up().db.updateTable('application').set({ status: 'LOANED', stage: null, node_id: null, assignee_id: null, loan_amount: 90000, loan_date: '2026-01-05' }).where('id', '=', ids[4]!).execute();
    await expectExact();
    await expectExact(bank, (await up().db.selectFrom('app_user').select('org_id').where('username', '=', 'bank').executeTakeFirstOrThrow()).org_id!, ['bank']);
    await up().db.deleteFrom('approval_record').where('application_id', 'in', ids.slice(0, 2)).execute();
    await up().db.deleteFrom('application_person').where('application_id', 'in', ids.slice(0, 2)).execute();
    await up().db.deleteFrom('application').where('id', 'in', ids.slice(0, 2)).execute();
    await expectExact();
    await expectBalances();
    // The summary itself holds no group of nothing but zeros that would count.
    const { rows } = await sql<{ n: string }>`select count(*) as n from case_tally where n < 0`.execute(up().db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
