import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { HomeOverview } from '../../lib/contract/home';
import { describeUpstream } from './harness';
import { userId } from './helpers';
import { createCase } from './workflow-fixtures';

describeUpstream('the entry page\'s overview (home/overview)', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe3', 'bank'] as const) tokens[name] = await up().login(name);
  });
  const overview = async (who: string) => {
    const res = await up().call<HomeOverview>('home/overview', {}, { token: tokens[who] });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };

  it('needs a signed-in user', async () => {
    expect((await up().call('home/overview', {})).status).toBe(401);
  });

  it('a reviewer sees their own cases per stage, the overdue ones and the one waiting longest; no platform figures', async () => {
    const db = up().db;
    const me = await userId(db, 'renshe3');
    const before = (await overview('renshe3')).todo;
    const a = await createCase(db, { assignee: 'renshe3' });
    const b = await createCase(db, { assignee: 'renshe3' });
    const c = await createCase(db, { assignee: 'renshe3', stage: 'RS_FINAL' });
    // b waits longest at the first stage and is past its deadline; someone else's case does not count.
    await db.updateTable('application').set({ entered_at: new Date('2020-01-02T01:00:00Z'), deadline: new Date(Date.now() - 3_600_000) }).where('id', '=', b.id).execute();
    await db.updateTable('application').set({ entered_at: new Date('2020-01-01T01:00:00Z') }).where('id', '=', c.id).execute();
    await createCase(db, { assignee: 'renshe' });

    const { todo, figures } = await overview('renshe3');
    expect(figures).toBeNull();
    const first = todo.find((t) => t.stage === 'RS_FIRST')!;
    const was = before.find((t) => t.stage === 'RS_FIRST');
    expect(first.waiting).toBe((was?.waiting ?? 0) + 2);
    expect(first.overdue).toBe((was?.overdue ?? 0) + 1);
    expect(first.oldest).toMatchObject({ id: b.id, number: b.number, enteredAt: '2020-01-02T01:00:00.000Z' });
    expect(todo.find((t) => t.stage === 'RS_FINAL')).toMatchObject({ oldest: expect.objectContaining({ id: c.id }) });
    // In flow order, and each figure is what the stage's list shows in review for 'mine' (returned cases wait for the applicant).
    expect(todo.map((t) => t.stage)).toEqual([...todo.map((t) => t.stage)].sort((x, y) => ['RS_FIRST', 'RS_SECOND', 'RS_FINAL'].indexOf(x) - ['RS_FIRST', 'RS_SECOND', 'RS_FINAL'].indexOf(y)));
    const list = await up().call('businessClubFirstTrial/getList', { pageNum: 1, pageSize: 10, stage: 'RS_FIRST', mine: true, status: 'IN_REVIEW' }, { token: tokens.renshe3 });
    expect(list.body.data.total).toBe(first.waiting);
    const late = await up().call('businessClubFirstTrial/getList', { pageNum: 1, pageSize: 10, stage: 'RS_FIRST', mine: true, overdue: true }, { token: tokens.renshe3 });
    expect(late.body.data.total).toBe(first.overdue);
    // The cases counted are the caller's own.
    const own = await db.selectFrom('application').select(sql<number>`count(*)`.as('n')).where('assignee_id', '=', me).where('status', '=', 'IN_REVIEW').where('stage', '=', 'RS_FIRST').executeTakeFirstOrThrow();
    expect(Number(own.n)).toBe(first.waiting);
    expect(first.oldest!.id).not.toBe(a.id);
  });

  it('an administrator sees the platform\'s figures, equal to the loan query\'s lists behind them', async () => {
    const { figures } = await overview('admin');
    expect(figures).not.toBeNull();
    const f = figures!;
    const { rows } = await sql<{ today: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as today`.execute(up().db);
    expect(f.today).toBe(rows[0]!.today);
    expect(f.monthFrom).toBe(`${f.today.slice(0, 7)}-01`);
    const loan = async (filters: object) => (await up().call('businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 10, ...filters }, { token: tokens.admin })).body.data.total;
    expect(f.applicationsThisMonth).toBe(await loan({ dateFrom: f.monthFrom, dateTo: f.today }));
    expect(f.inReview).toBe(await loan({ status: 'IN_REVIEW' }));
    expect(f.overdue).toBe(await loan({ status: 'IN_REVIEW', overdue: true }));
    expect(f.loansIssued).toBe(await loan({ status: 'LOANED' }));
    expect(f.inReview).toBeGreaterThan(0);
    // After issue: the ledger's lists behind them, and the outstanding principal by a direct sum of the accounts.
    const ledger = async (filters: object) => (await up().call('loanAccount/getList', { pageNum: 1, pageSize: 10, ...filters }, { token: tokens.admin })).body.data.total;
    expect(f.overdueLoans).toBe(await ledger({ state: 'OVERDUE' }));
    expect(f.compensatedLoans).toBe(await ledger({ state: 'COMPENSATED' }));
    expect(f.recoveringLoans).toBe(await ledger({ state: 'RECOVERING' }));
    expect(f.recoveringLoans).toBeGreaterThan(0);
    const { rows: [sum] } = await sql<{ fen: string }>`select coalesce(sum(outstanding), 0) as fen from loan_account where state in ('CURRENT', 'OVERDUE')`.execute(up().db);
    expect(Math.round(f.outstanding * 100)).toBe(Number(sum!.fen));
    // A new application counts this month at once.
    await createCase(up().db);
    expect((await overview('admin')).figures!.applicationsThisMonth).toBe(f.applicationsThisMonth + 1);
  });
});
