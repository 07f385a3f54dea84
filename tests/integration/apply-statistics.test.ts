import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';

describeUpstream('application statistics (summary tables kept by triggers)', (up) => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'renshe2', 'bank']) {
      tokens[name] = await up().login(name);
      ids[name] = await userId(up().db, name);
    }
  });
  const form = async (body: object, who = 'admin', locale?: string) => {
    const answer = await up().call('applyStatistics/form', body, { token: tokens[who], locale });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const WIDE = { dateFrom: '2024-01-01', dateTo: '2026-12-31' };
  /** What the statistics must say, counted straight from the applications. */
  const live = async () => {
    const { rows } = await sql<{ status: string; n: string }>`select status, count(*) as n from application
      where created_at >= '2023-12-31T16:00:00Z' and created_at < '2026-12-31T16:00:00Z' group by 1`.execute(up().db);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  };

  it('counts every application of the period as the applications table does, by status, type, group, product and period', async () => {
    const data = await form({ ...WIDE, unit: 'month' });
    const counts = await live();
    const total = Object.values(counts).reduce((s, n) => s + n, 0);
    expect(data.summary).toMatchObject({ total, loaned: counts.LOANED ?? 0, refused: counts.REFUSED ?? 0, inReview: counts.IN_REVIEW ?? 0 });
    expect(data.series).toHaveLength(36);
    expect(data.series.reduce((s: number, b: { total: number }) => s + b.total, 0)).toBe(total);
    expect(data.byBorrowerType.reduce((s: number, b: { total: number }) => s + b.total, 0)).toBe(total);
    expect(data.byClientGroup.reduce((s: number, b: { total: number }) => s + b.total, 0)).toBe(total);
    expect(data.byProduct.reduce((s: number, b: { total: number }) => s + b.total, 0)).toBe(total);
    expect(data.byRegion).toEqual([expect.objectContaining({ key: '430100', total })]);
    expect(data.funnel[0]).toMatchObject({ step: 'submitted', count: total, rate: 1, overall: 1 });
    expect(data.funnel[4].count).toBe(counts.LOANED ?? 0);
    for (let i = 1; i < 5; i += 1) expect(data.funnel[i].count).toBeLessThanOrEqual(data.funnel[i - 1].count);
    expect(data.refusals.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(counts.REFUSED ?? 0);
    // Seeded regions and refusal reasons in the reader's language.
    expect(data.byRegion[0].name).toBe('长沙市');
    const english = await form({ ...WIDE, unit: 'month' }, 'admin', 'en');
    expect(english.byRegion[0].name).toBe('Changsha');
    expect(english.options.regions).toContainEqual({ code: '430100', name: 'Changsha' });
    const reasons = await up().db.selectFrom('refuse_reason').select(['id', 'content_en']).execute();
    for (const r of english.refusals) {
      expect(r.reason).toBe(reasons.find((x) => x.id === r.reasonId)?.content_en);
      expect(r.reason).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const overdue = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'IN_REVIEW').where('deadline', '<', new Date()).executeTakeFirstOrThrow();
    expect(data.summary.overdue).toBe(Number(overdue.n));
    expect(data.summary.overdueShare).toBeCloseTo(Number(overdue.n) / (counts.IN_REVIEW ?? 1), 3);
    const group = data.byClientGroup[0];
    const oneGroup = await form({ ...WIDE, clientGroupId: Number(group.key) });
    expect(oneGroup.summary.total).toBe(group.total);
    const weeks = await form({ dateFrom: '2026-03-04', dateTo: '2026-03-17', unit: 'week' });
    expect(weeks.series.map((b: { bucket: string; from: string; to: string }) => [b.bucket, b.from, b.to])).toEqual([
      ['2026-03-02', '2026-03-04', '2026-03-08'], ['2026-03-09', '2026-03-09', '2026-03-15'], ['2026-03-16', '2026-03-16', '2026-03-17'],
    ]);
  });

  it('follows every write: a new case, a check past renshe, a refusal with its reason and the working days it waited', async () => {
    const before = await form(WIDE);
    const app = await createCase(up().db, { stage: 'RS_FINAL', assignee: 'renshe' });
    // Due yesterday: overdue at once (counted from the summary of deadlines, not from today's).
    await up().db.updateTable('application').set({ deadline: new Date(Date.now() - 86_400_000) }).where('id', '=', app.id).execute();
    const added = await form(WIDE);
    expect(added.summary.overdue).toBe(before.summary.overdue + 1);
    expect(added.summary.total).toBe(before.summary.total + 1);
    expect(added.summary.inReview).toBe(before.summary.inReview + 1);
    const checked = await up().call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: await userId(up().db, 'guarantee') }, { token: tokens.renshe });
    expect(checked.status).toBe(200);
    const passed = await form(WIDE);
    expect(passed.funnel[1].count).toBe(before.funnel[1].count + 1);
    const guarantee = await up().login('guarantee');
    const reason = await up().db.selectFrom('refuse_reason').select(['id', 'content']).where('kind', '=', 'STATUS').orderBy('id').executeTakeFirstOrThrow();
    const refused = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: checked.body.data.application.version, key: key(), opinion: '', reasonId: reason.id }, { token: guarantee });
    expect(refused.status).toBe(200);
    const after = await form(WIDE);
    expect(after.summary.refused).toBe(before.summary.refused + 1);
    // A case refused at the guarantee company still counts as past renshe.
    expect(after.funnel[1].count).toBe(before.funnel[1].count + 1);
    expect(after.refusals.find((r: { reasonId: number }) => r.reasonId === reason.id).count).toBe((before.refusals.find((r: { reasonId: number }) => r.reasonId === reason.id)?.count ?? 0) + 1);
    const gc = after.stageDays.find((s: { stage: string }) => s.stage === 'GC_FIRST');
    expect(gc.count).toBe(before.stageDays.find((s: { stage: string }) => s.stage === 'GC_FIRST').count + 1);
    // The tally equals a count of the applications, after all these writes.
    expect(after.summary.total).toBe(Object.values(await live()).reduce((s, n) => s + n, 0));

    const unfold = await up().call('applyStatistics/unfold', { ...WIDE, refuseReasonId: reason.id, pageNum: 1, pageSize: 30 }, { token: tokens.admin });
    expect(unfold.body.data.list.map((r: { id: number }) => r.id)).toContain(app.id);
    const steps = await up().call('applyStatistics/unfold', { ...WIDE, step: 'renshePassed', pageNum: 1, pageSize: 5 }, { token: tokens.admin });
    expect(steps.body.data.total).toBe(Math.min(after.funnel[1].count, 10_000));
  });

  it('counts a case at every step it ever reached: one sent back from the guarantee company to renshe stays past renshe', async () => {
    const before = await form(WIDE);
    const app = await createCase(up().db, { stage: 'RS_FINAL', assignee: 'renshe' });
    const checked = await up().call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: await userId(up().db, 'guarantee') }, { token: tokens.renshe });
    expect(checked.status).toBe(200);
    const node = await up().db.selectFrom('approval_record').select('node_id').where('application_id', '=', app.id).where('action', '=', 'CHECK').executeTakeFirstOrThrow();
    const rejected = await up().call('businessClubFirstTrial/reject', {
      id: app.id, version: checked.body.data.application.version, key: key(), opinion: '请人社终审复核经营场所', nodeId: node.node_id, userId: ids.renshe2,
    }, { token: await up().login('guarantee') });
    expect(rejected.body.data.application, JSON.stringify(rejected.body)).toMatchObject({ stage: 'RS_FINAL' });
    const after = await form(WIDE);
    expect(after.funnel[0].count).toBe(before.funnel[0].count + 1);
    expect(after.funnel[1].count).toBe(before.funnel[1].count + 1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from application where funnel_level(status, coalesce(last_stage, stage)) >= 1
      and created_at >= '2023-12-31T16:00:00Z' and created_at < '2026-12-31T16:00:00Z'`.execute(up().db);
    expect(after.funnel[1].count).toBe(Number(rows[0]!.n));
  });

  it('answers from its rollups as from the applications themselves after inserts, moves between every dimension and deletes', async () => {
    /** Each dimension of the form, counted straight from the applications of the period (China days). */
    const direct = async () => {
      const { rows } = await sql<{ bt: string; cg: number; product: number; status: string; level: number; reason: number; n: string; amount: string; loan: string }>`
        select borrower_type as bt, coalesce(client_group_id, 0) as cg, coalesce(product_id, 0) as product, status,
          funnel_level(status, coalesce(last_stage, stage)) as level, coalesce(refuse_reason_id, 0) as reason,
          count(*) as n, sum(amount) as amount, coalesce(sum(loan_amount), 0) as loan
        from application where (created_at at time zone 'UTC' + interval '8 hours')::date between '2024-01-01' and '2026-12-31'
        group by 1, 2, 3, 4, 5, 6`.execute(up().db);
      const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((s, r) => s + Number(r.n), 0);
      return { rows, sum };
    };
    const expectExact = async () => {
      const data = await form(WIDE);
      const { rows, sum } = await direct();
      expect(data.summary.total).toBe(sum(() => true));
      expect(data.summary.amount).toBeCloseTo(rows.reduce((s, r) => s + Number(r.amount), 0), 2);
      expect(data.summary.loanAmount).toBeCloseTo(rows.reduce((s, r) => s + Number(r.loan), 0), 2);
      expect(data.summary.inReview).toBe(sum((r) => r.status === 'IN_REVIEW'));
      for (const b of data.byBorrowerType) expect([b.key, b.total, b.loaned]).toEqual([b.key, sum((r) => r.bt === b.key), sum((r) => r.bt === b.key && r.status === 'LOANED')]);
      for (const g of data.byClientGroup) expect([g.key, g.total, g.refused]).toEqual([g.key, sum((r) => String(r.cg) === g.key), sum((r) => String(r.cg) === g.key && r.status === 'REFUSED')]);
      for (const p of data.byProduct) expect([p.key, p.total]).toEqual([p.key, sum((r) => String(r.product) === p.key)]);
      expect(data.funnel.map((f: { count: number }) => f.count)).toEqual([0, 1, 2, 3, 4].map((level) => sum((r) => r.level >= level)));
      for (const r of data.refusals) expect([r.reasonId, r.count]).toEqual([r.reasonId, sum((x) => x.status === 'REFUSED' && x.reason === r.reasonId)]);
      // Filtered by a client group or a product, the form reads application_tally: the same figures.
      const group = data.byClientGroup.find((g: { key: string }) => g.key !== '0');
      if (group) expect((await form({ ...WIDE, clientGroupId: Number(group.key) })).summary.total).toBe(group.total);
      const product = data.byProduct.find((p: { key: string }) => p.key !== '0');
      if (product) expect((await form({ ...WIDE, productId: Number(product.key) })).summary.total).toBe(product.total);
      // No group of the rollups counts below zero.
      const { rows: negative } = await sql<{ n: string }>`select (select count(*) from application_status_tally where n < 0)
        + (select count(*) from application_group_tally where n < 0) + (select count(*) from application_product_tally where n < 0) as n`.execute(up().db);
      expect(Number(negative[0]!.n)).toBe(0);
    };
    await expectExact();
    const cases = [];
    for (let i = 0; i < 4; i += 1) cases.push(await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' }));
    const ids = cases.map((c) => c.id);
    await expectExact();
    const [group, product, reason] = await Promise.all([
      up().db.selectFrom('client_group').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
      up().db.selectFrom('loan_product').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
      up().db.selectFrom('refuse_reason').select('id').orderBy('id').executeTakeFirstOrThrow(),
    ]);
    // One statement moving several cases to another client group, product and borrower type; then a loan, a refusal, another day.
    await up().db.updateTable('application').set({ client_group_id: group.id, product_id: product.id, borrower_type: 'SMALL_COMPANY' }).where('id', 'in', ids.slice(0, 3)).execute();
    await up().db.updateTable('application').set({ status: 'LOANED', stage: null, node_id: null, assignee_id: null, loan_amount: 150000, loan_date: '2026-01-05' }).where('id', '=', ids[0]!).execute();
    await up().db.updateTable('application').set({ status: 'REFUSED', stage: null, node_id: null, assignee_id: null, refuse_reason_id: reason.id }).where('id', '=', ids[1]!).execute();
    await sql`update application set created_at = '2025-03-03T02:00:00Z', amount = 123456.78 where id = ${ids[2]!}`.execute(up().db);
    await expectExact();
    await up().db.deleteFrom('approval_record').where('application_id', 'in', ids.slice(1)).execute();
    await up().db.deleteFrom('application').where('id', 'in', ids.slice(1)).execute();
    await expectExact();
  });

  it('opens the cases taken off a stage as the records say, newest first, after records come and go and a case moves in time', async () => {
    const stage = 'GC_FIRST' as const;
    const expectCases = async () => {
      const { rows } = await sql<{ id: number }>`select a.id from application a where a.created_at >= '2023-12-31T16:00:00Z' and a.created_at < '2026-12-31T16:00:00Z'
        and exists (select 1 from approval_record r where r.application_id = a.id and r.stage = ${stage} and r.wait_days is not null)
        order by a.created_at desc, a.id desc`.execute(up().db);
      const answer = await up().call('applyStatistics/unfold', { ...WIDE, stage, pageNum: 1, pageSize: 20 }, { token: tokens.admin });
      expect(answer.status).toBe(200);
      expect(answer.body.data.total).toBe(Math.min(rows.length, 10_000));
      expect(answer.body.data.list.map((r: { id: number }) => r.id)).toEqual(rows.slice(0, 20).map((r) => r.id));
      return rows.map((r) => r.id);
    };
    await expectCases();
    const cases = [];
    for (let i = 0; i < 3; i += 1) cases.push(await createCase(up().db, { stage, assignee: 'guarantee' }));
    const check = (id: number) => ({
      application_id: id, action: 'CHECK' as 'CHECK' | 'RETURN', node_id: null, stage, from_status: 'IN_REVIEW' as const, to_status: 'IN_REVIEW' as const, to_node_id: null, to_stage: 'BANK_FIRST' as 'BANK_FIRST' | 'GC_FIRST',
      actor_id: null, actor_org_id: null, target_user_id: null, refuse_reason_id: null, details: null, idempotency_key: key(),
    });
    // Two of them taken off the stage (one twice, after a return), one still waiting there.
    await up().db.insertInto('approval_record').values([check(cases[0]!.id), check(cases[1]!.id)]).execute();
    await up().db.insertInto('approval_record').values({ ...check(cases[1]!.id), action: 'RETURN', to_stage: stage }).execute();
    let seen = await expectCases();
    expect(seen).toEqual(expect.arrayContaining([cases[0]!.id, cases[1]!.id]));
    expect(seen).not.toContain(cases[2]!.id);
    // Moved back in time: still there, in its new place.
    await sql`update application set created_at = '2024-02-01T02:00:00Z' where id = ${cases[0]!.id}`.execute(up().db);
    seen = await expectCases();
    expect(seen.at(-1)).toBe(cases[0]!.id);
    // One of its two records gone: still there; both gone: out.
    const records = await up().db.selectFrom('approval_record').select('id').where('application_id', '=', cases[1]!.id).where('stage', '=', stage).orderBy('id').execute();
    await up().db.deleteFrom('approval_record').where('id', '=', records[0]!.id).execute();
    expect(await expectCases()).toContain(cases[1]!.id);
    await up().db.deleteFrom('approval_record').where('id', '=', records[1]!.id).execute();
    expect(await expectCases()).not.toContain(cases[1]!.id);
    await up().db.deleteFrom('approval_record').where('application_id', '=', cases[0]!.id).execute();
    await up().db.deleteFrom('application').where('id', '=', cases[0]!.id).execute();
    expect(await expectCases()).not.toContain(cases[0]!.id);
  });

  it('a reviewer limited to their organisation counts only its cases; others may not see the page; bad input is 422', async () => {
    const renshe = await orgIdOf(up().db, ORGS.renshe);
    const bankStaff = await staffIn(up(), 'apply_bank_viewer', await orgIdOf(up().db, ORGS.bank2), { pages: ['/admin/setting/statistics/apply'] });
    const own = await up().call('applyStatistics/form', WIDE, { token: bankStaff.token });
    expect(own.status).toBe(200);
    const { n } = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bank_org_id', '=', await orgIdOf(up().db, ORGS.bank2)).where('created_at', '>=', new Date('2023-12-31T16:00:00Z')).executeTakeFirstOrThrow();
    expect(own.body.data.summary.total).toBe(Number(n));
    expect(renshe).toBeGreaterThan(0);
    expect((await up().call('applyStatistics/form', {}, { token: tokens.bank })).status).toBe(403);
    expect((await up().call('applyStatistics/export', {}, { token: bankStaff.token })).status).toBe(403);
    expectFields(await up().call('applyStatistics/form', { dateFrom: '2020-01-01', dateTo: '2026-01-01' }, { token: tokens.admin }), { dateFrom: 'validation.periodTooLong' });
    expectFields(await up().call('applyStatistics/form', { dateFrom: '2026-01-01', dateTo: '2026-06-01', unit: 'day' }, { token: tokens.admin }), { dateFrom: 'validation.periodTooLong' });
    expectFields(await up().call('applyStatistics/form', { unit: 'year', region: 'x', clientGroupId: 0 }, { token: tokens.admin }), {
      unit: 'validation.invalid', region: 'validation.regionCode', clientGroupId: 'validation.id',
    });
  });

  it('exports every table of the page, headed in the caller’s language', async () => {
    const response = await up().request('applyStatistics/export', { ...WIDE, unit: 'month' }, { token: tokens.admin, locale: 'en' });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const book = readXlsx(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(book)).toEqual(['By period', 'Funnel', 'Working days per stage', 'Refusals by reason', 'Overdue', 'By region', 'By borrower type', 'By client group', 'By product']);
    expect(book.Funnel![1]![0]).toBe('Submitted');
    expect(book['By period']!.length).toBe(38);
  });
});
