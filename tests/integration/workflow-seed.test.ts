import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows } from './helpers';
import type { Db } from '../../upstream/db';
import { migrate, openDatabase } from '../../upstream/db';
import { seedDemo, seedReference } from '../../upstream/db/seed';
import { OVERTIME_DAYS } from '../../upstream/db/seed/workflow';
import { loadGeneratorContext } from '../../upstream/db/seed/generator-context';
import { generateApplication } from '../../upstream/db/seed/generator';
import { insertApplications } from '../../upstream/db/seed/bulk-insert';
import { checkTallies, growApplications } from '../../upstream/db/seed/grow';
import { isValidIdNumber } from '../../lib/workflow/id-number';
import { addWorkingDays, type WorkCalendar } from '../../lib/workflow/working-days';
import { loadCalendar } from '../../upstream/modules/calendar/store';
import { APPLICATION_STATUSES, STAGE_INFO, STAGES, type Stage } from '../../lib/workflow/stages';

const ORG_COLUMN = { RENSHE: 'renshe_org_id', GUARANTEE: 'guarantee_org_id', BANK: 'bank_org_id' } as const;
const EXIT_ACTION = { RETURNED: 'RETURN', REFUSED: 'REFUSE', WITHDRAWN: 'WITHDRAW', LOANED: 'BANK_STATE', NOT_ISSUED: 'BANK_STATE', APPROVED: 'CHECK' } as const;

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Checks every application of the database against the workflow's rules; returns how many it checked. */
async function checkApplications(db: Db): Promise<number> {
  const apps = await db.selectFrom('application').selectAll().orderBy('id').execute();
  const records = await db.selectFrom('approval_record').selectAll().orderBy('application_id').orderBy('id').execute();
  const people = await db.selectFrom('application_person').selectAll().execute();
  const houses = await db.selectFrom('house_property').select('application_id').execute();
  const nodes = await db.selectFrom('approval_node').select(['id', 'stage', 'module_id', 'time_limit_days']).orderBy('sort').execute();
  const calendar: WorkCalendar = await loadCalendar(db);
  const nodePeople = new Set((await db.selectFrom('approval_node_person').selectAll().execute()).map((p) => `${p.node_id}:${p.user_id}`));
  const userOrg = new Map((await db.selectFrom('app_user').select(['id', 'org_id']).execute()).map((u) => [u.id, u.org_id]));
  const byApp = groupBy(records, (r) => r.application_id);
  const peopleOf = groupBy(people, (p) => p.application_id);
  const housed = new Set(houses.map((h) => h.application_id));
  const orgFor = (app: (typeof apps)[number], stage: Stage) => app[ORG_COLUMN[STAGE_INFO[stage].orgType]];
  const groups = new Map((await db.selectFrom('client_group').select(['id', 'name_zh']).execute()).map((g) => [g.id, g.name_zh]));
  const products = new Map((await db.selectFrom('loan_product').selectAll().execute()).map((p) => [p.id, p]));

  for (const app of apps) {
    const where = `${app.number} (${app.status} ${app.stage ?? ''})`;
    expect(isValidIdNumber(app.id_number), where).toBe(true);
    expect(app.mobile, where).toMatch(/^1\d{10}$/);
    expect(app.number, where).toMatch(/^DB\d{12,}$/);
    const amount = Number(app.amount);
    expect(amount >= 50_000 && amount <= (app.borrower_type === 'PERSON' ? 300_000 : 500_000), where).toBe(true);
    expect(app.term_months >= 12 && app.term_months <= 36, where).toBe(true);
    // Every case names its client group (its employment category) and a product whose range and terms it keeps.
    expect(groups.get(app.client_group_id ?? 0), where).toBe(app.employment_category);
    const product = products.get(app.product_id ?? 0);
    expect(product?.borrower_type, where).toBe(app.borrower_type);
    expect(amount >= Number(product?.amount_min) && amount <= Number(product?.amount_max), where).toBe(true);
    expect(product?.terms, where).toContain(app.term_months);
    const route = nodes.filter((n) => n.module_id === app.module_id && (n.stage !== 'GC_HOUSE' || app.guarantee_method === 'HOUSE'));
    const own = peopleOf.get(app.id) ?? [];
    for (const person of own) expect(isValidIdNumber(person.id_number), `${where} ${person.role}`).toBe(true);
    const roles = new Set(own.map((p) => p.role));
    expect(roles.has('PARTNER'), where).toBe(app.borrower_type === 'PARTNERSHIP');
    expect(roles.has('EMPLOYEE'), where).toBe(app.borrower_type === 'SMALL_COMPANY');
    expect(roles.has('GUARANTOR'), where).toBe(app.guarantee_method === 'GUARANTOR');
    for (const spouse of own.filter((p) => p.role === 'GUARANTOR_SPOUSE')) {
      expect(own.find((p) => p.id === spouse.guarantor_id)?.role, where).toBe('GUARANTOR');
    }
    expect(housed.has(app.id), where).toBe(app.guarantee_method === 'HOUSE');

    // The history: SUBMIT to the first node, then each step from where the last one left the case.
    const history = byApp.get(app.id) ?? [];
    expect(history.length, where).toBe(app.version);
    expect(history.map((r) => r.idempotency_key), where).toEqual(history.map((_, n) => `seed-${app.number}-${n + 1}`));
    expect(history[0], where).toMatchObject({ action: 'SUBMIT', actor_id: null, to_node_id: route[0]!.id, to_status: 'IN_REVIEW' });
    expect(history[0]!.created_at, where).toEqual(app.created_at);
    const checks = history.filter((r) => r.action === 'CHECK');
    expect(checks.map((r) => r.node_id), where).toEqual(route.slice(0, checks.length).map((n) => n.id));
    // Four eyes per stage: nobody approves the case at two stages, nor waits for it after approving it elsewhere.
    expect(new Set(checks.map((r) => r.actor_id)).size, `${where}: one approver per stage`).toBe(checks.length);
    if (app.status === 'IN_REVIEW') expect(checks.map((r) => r.actor_id), `${where}: assignee approved before`).not.toContain(app.assignee_id);
    for (let i = 1; i < history.length; i += 1) {
      const [before, step] = [history[i - 1]!, history[i]!];
      expect(step.created_at.getTime(), where).toBeGreaterThan(before.created_at.getTime());
      if (step.action === 'BANK_STATE') {
        expect(step, where).toMatchObject({ from_status: 'APPROVED', actor_id: before.actor_id, stage: 'BANK_TRANSFER' });
        continue;
      }
      expect(step.node_id, where).toBe(before.to_node_id);
      expect(step.actor_id, where).toBe(before.target_user_id);
      expect(step.actor_id, `${where}: maker checks`).not.toBe(before.actor_id);
      expect(nodePeople.has(`${step.node_id}:${step.actor_id}`), where).toBe(true);
      expect(userOrg.get(step.actor_id!), where).toBe(orgFor(app, step.stage!));
      expect(step.actor_org_id, where).toBe(orgFor(app, step.stage!));
    }
    const last = history.at(-1)!;
    expect(last.to_status, where).toBe(app.status);

    if (app.status === 'IN_REVIEW') {
      const node = route.find((n) => n.id === app.node_id)!;
      expect(node.stage, where).toBe(app.stage);
      expect(last.to_node_id, where).toBe(app.node_id);
      expect(app.assignee_id, where).toBe(last.target_user_id);
      expect(app.maker_id, where).toBe(last.actor_id);
      expect(app.assignee_id, where).not.toBe(app.maker_id);
      expect(nodePeople.has(`${app.node_id}:${app.assignee_id}`), where).toBe(true);
      expect(userOrg.get(app.assignee_id!), where).toBe(orgFor(app, node.stage));
      expect(app.entered_at, where).toEqual(last.created_at);
      expect(app.deadline, where).toEqual(addWorkingDays(app.entered_at!, node.time_limit_days ?? OVERTIME_DAYS[node.stage], calendar));
    } else if (app.status === 'RETURNED') {
      // Returned for supplements: still at the node it was returned from, with its reviewer, its deadline paused.
      expect(last.action, where).toBe('RETURN');
      expect([app.node_id, app.stage, app.assignee_id, app.maker_id, app.entered_at], where).toEqual([last.node_id, last.stage, last.actor_id, null, null]);
      expect(app.awaited_kinds?.length, where).toBeGreaterThan(0);
      expect([app.return_note, app.returned_by], where).toEqual([last.opinion, last.actor_id]);
      expect(app.supplement_due, where).not.toBeNull();
    } else {
      expect(last.action, where).toBe(EXIT_ACTION[app.status]);
      expect([app.node_id, app.maker_id, app.entered_at, app.deadline], where).toEqual([null, null, null, null]);
      expect(app.stage, where).toBe(app.status === 'APPROVED' ? 'BANK_TRANSFER' : null);
      expect(app.assignee_id, where).toBe(app.status === 'APPROVED' ? last.actor_id : null);
      expect(app.refuse_reason_id !== null, where).toBe(app.status === 'REFUSED');
      expect(last.refuse_reason_id, where).toBe(app.refuse_reason_id);
      expect(app.loan_date !== null && app.loan_amount !== null, where).toBe(app.status === 'LOANED');
    }
  }
  return apps.length;
}

describeUpstream('workflow seed', (up) => {
  let db: Db;
  beforeAll(() => { db = up().db; });

  it('seeds one enabled module of nine nodes per borrower type, the time-out config and refusal reasons', async () => {
    const modules = await db.selectFrom('approval_module').select(['id', 'name', 'borrower_type']).where('state', '=', 'ENABLED').orderBy('id').execute();
    expect(modules.map((m) => [m.borrower_type, m.name])).toEqual([
      ['PERSON', '个人创业担保贷款'], ['SMALL_COMPANY', '小微企业创业担保贷款'], ['PARTNERSHIP', '合伙创业担保贷款'],
    ]);
    for (const module of modules) {
      const nodes = await db.selectFrom('approval_node').select(['stage', 'sort', 'time_limit_days']).where('module_id', '=', module.id).orderBy('sort').execute();
      expect(nodes).toEqual(STAGES.map((stage, i) => ({ stage, sort: i + 1, time_limit_days: null })));
    }
    const overtime = await db.selectFrom('overtime_config').select(['stage', 'days']).execute();
    expect(Object.fromEntries(overtime.map((o) => [o.stage, o.days]))).toEqual({
      RS_FIRST: 3, RS_SECOND: 3, RS_FINAL: 3, GC_FIRST: 5, GC_SECOND: 5, GC_HOUSE: 10, BANK_FIRST: 5, BANK_SECOND: 5, BANK_TRANSFER: 5,
    });
    const kinds = await db.selectFrom('refuse_reason').select('kind').distinct().orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['INDICATOR', 'STATUS']);
  });

  it('puts the enabled users of the organisations of each node type on every node', async () => {
    const rows = await db.selectFrom('approval_node_person as p').innerJoin('approval_node as n', 'n.id', 'p.node_id')
      .innerJoin('app_user as u', 'u.id', 'p.user_id').select(['n.stage', 'u.username']).execute();
    for (const stage of STAGES) {
      const expected = { RENSHE: ['renshe', 'renshe2', 'renshe3'], GUARANTEE: ['guarantee', 'guarantee2', 'guarantee3'], BANK: ['bank', 'bank2', 'bank3'] }[STAGE_INFO[stage].orgType];
      expect([...new Set(rows.filter((r) => r.stage === stage).map((r) => r.username))].sort()).toEqual(expected);
    }
  });

  it('holds cases in review at every stage and in every exit status, a tenth of those in review overdue', async () => {
    const groups = await db.selectFrom('application').select(['status', 'stage']).select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['status', 'stage']).execute();
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(APPLICATION_STATUSES));
    expect(new Set(groups.filter((g) => g.status === 'IN_REVIEW').map((g) => g.stage))).toEqual(new Set(STAGES));
    expect(groups.reduce((sum, g) => sum + Number(g.n), 0)).toBe(300);
    const inReview = await db.selectFrom('application').select(['deadline']).where('status', '=', 'IN_REVIEW').execute();
    const overdue = inReview.filter((a) => a.deadline! < new Date()).length;
    expect(overdue / inReview.length).toBeGreaterThan(0.05);
    expect(overdue / inReview.length).toBeLessThan(0.15);
    const types = await db.selectFrom('application').select(['borrower_type', 'guarantee_method']).distinct().execute();
    expect(types).toHaveLength(9);
  });

  it('gives every demo reviewer of each organisation cases at each of its stages', async () => {
    const rows = await db.selectFrom('application as a').innerJoin('app_user as u', 'u.id', 'a.assignee_id')
      .select(['u.username', 'a.stage']).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.status', '=', 'IN_REVIEW').groupBy(['u.username', 'a.stage']).execute();
    const count = (username: string, stage: Stage) => Number(rows.find((r) => r.username === username && r.stage === stage)?.n ?? 0);
    for (const stage of STAGES) {
      const org = { RENSHE: 'renshe', GUARANTEE: 'guarantee', BANK: 'bank' }[STAGE_INFO[stage].orgType];
      for (const username of [org, `${org}2`, `${org}3`]) expect(count(username, stage), `${username} at ${stage}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('writes consistent applications, people and histories', async () => {
    expect(await checkApplications(db)).toBe(300);
    expect(await countRows(db, 'whitelist')).toBeGreaterThan(0);
    expect(await db.selectFrom('application').select('id').where('whitelisted', '=', true).execute()).toHaveLength(await countRows(db, 'whitelist'));
    const blacklist = await db.selectFrom('blacklist').select(['id_number', 'reason']).execute();
    expect(blacklist.length).toBeGreaterThan(2);
    for (const entry of blacklist) expect(isValidIdNumber(entry.id_number) && entry.reason.length > 0).toBe(true);
  });

  it('sends nothing: the demo users keep exactly their two seeded messages', async () => {
    const rows = await db.selectFrom('app_user as u').leftJoin('message as m', 'm.user_id', 'u.id')
      .select(['u.username']).select((eb) => eb.fn.count<number>('m.id').as('n')).groupBy('u.username').execute();
    expect(Object.fromEntries(rows.map((r) => [r.username, Number(r.n)]))).toEqual({
      admin: 2, renshe: 2, guarantee: 2, bank: 2, renshe2: 0, guarantee2: 0, bank2: 0, renshe3: 0, guarantee3: 0, bank3: 0,
      'renshe-lead': 0, 'guarantee-lead': 0, 'bank-lead': 0,
    });
    expect(await countRows(db, 'message')).toBe(8);
    expect(await countRows(db, 'sms_outbox')).toBe(0);
  });

  it('seeds the same data again on another install and adds nothing when run twice', async () => {
    const fingerprint = async (target: Db) => (await target.selectFrom('application')
      .select(['number', 'name', 'id_number', 'mobile', 'amount', 'status', 'stage', 'guarantee_method', 'version']).orderBy('id').execute())
      .map((a) => ({ ...a, number: a.number.slice(10) }));
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(other.db);
      await seedReference(other.db);
      await seedDemo(other.db);
      expect(await fingerprint(other.db)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
    const before = await Promise.all((['application', 'approval_record', 'approval_node', 'refuse_reason', 'blacklist', 'message'] as const).map((t) => countRows(db, t)));
    await seedReference(db);
    await seedDemo(db);
    expect(await Promise.all((['application', 'approval_record', 'approval_node', 'refuse_reason', 'blacklist', 'message'] as const).map((t) => countRows(db, t)))).toEqual(before);
  });

  it('bulk-generates further consistent applications with the same code, deterministically', async () => {
    const context = await loadGeneratorContext(db, new Date());
    expect(generateApplication(context, 'bulk', 7)).toEqual(generateApplication(context, 'bulk', 7));
    expect(generateApplication(context, 'bulk', 7).app.id_number).not.toBe(generateApplication(context, 'bulk', 8).app.id_number);
    const batch = Array.from({ length: 400 }, (_, i) => generateApplication(context, 'bulk', i));
    const written = await db.transaction().execute((trx) => insertApplications(trx, batch));
    expect(written).toEqual({
      applications: 400,
      people: batch.reduce((n, g) => n + g.people.length, 0),
      houses: batch.filter((g) => g.house).length,
      records: batch.reduce((n, g) => n + g.records.length, 0),
    });
    expect(await checkApplications(db)).toBe(700);
    expect(await countRows(db, 'message')).toBe(8);
  });

  it('grows the database by copies that follow the same rules, with their people, houses and records, the summaries still exact', async () => {
    const before = await Promise.all((['application_person', 'house_property', 'approval_record'] as const).map((t) => countRows(db, t)));
    const batches: number[] = [];
    // 700 there: 700 copies of each, then 100 more starting over at the first.
    const grown = await growApplications(db, 1500, { batch: 300, onBatch: (p) => batches.push(p.copied) });
    expect(grown).toMatchObject({ copied: 800, target: 800 });
    expect(batches).toEqual([300, 600, 700, 800]);
    expect(await checkApplications(db)).toBe(1500);
    const after = await Promise.all((['application_person', 'house_property', 'approval_record'] as const).map((t) => countRows(db, t)));
    for (const [i, n] of after.entries()) expect(n).toBeGreaterThan(before[i]!);
    const numbers = await db.selectFrom('application').select((eb) => [eb.fn.count<string>('number').distinct().as('n')]).executeTakeFirstOrThrow();
    expect(Number(numbers.n)).toBe(1500);
    // Guarantors' spouses point at the guarantor of their own copy.
    const crossed = await db.selectFrom('application_person as p').innerJoin('application_person as g', 'g.id', 'p.guarantor_id')
      .select((eb) => eb.fn.countAll<string>().as('n')).whereRef('g.application_id', '<>', 'p.application_id').executeTakeFirstOrThrow();
    expect(Number(crossed.n)).toBe(0);
    for (const { sum, cases } of await checkTallies(db)) expect(sum).toBe(cases);
  });
});
