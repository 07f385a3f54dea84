import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import type { Stage } from '../../lib/workflow/stages';
import { rejectable } from '../../upstream/modules/workflow/flow';

/**
 * The guards of DESIGN.md section 5 against an attack-minded caller: only the assignee acts,
 * turn-over is a supervisor's act never to oneself, nobody approves a case at two stages, a key
 * names one action on one case, and lists offer only what a case can take.
 */
describeUpstream('workflow guards', (up) => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** Signs a demo user in on first use. */
  const as = async (who: string) => {
    tokens[who] ??= await up().login(who);
    ids[who] ??= await userId(up().db, who);
    return tokens[who];
  };
  /** The id of a demo user. */
  const idOf = async (who: string) => (ids[who] ??= await userId(up().db, who));
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'renshe2', 'guarantee', 'bank', 'bank2']) await as(name);
  });
  const call = async (path: string, body: object, who: string) => up().call(`businessClubFirstTrial/${path}`, body, { token: await as(who) });
  const state = (id: number) => up().db.selectFrom('application').select(['status', 'stage', 'assignee_id', 'version', 'resign_count', 'guarantee_quota'])
    .where('id', '=', id).executeTakeFirstOrThrow();
  const records = (id: number) => up().db.selectFrom('approval_record').select(['action', 'actor_id', 'target_user_id', 'idempotency_key'])
    .where('application_id', '=', id).orderBy('id').execute();
  const nodeOf = async (stage: Stage) => (await up().db.selectFrom('approval_node as n').innerJoin('approval_module as m', 'm.id', 'n.module_id')
    .select('n.id').where('m.borrower_type', '=', 'PERSON').where('m.state', '=', 'ENABLED').where('n.stage', '=', stage).executeTakeFirstOrThrow()).id;
  /** Writes an approval of the case at a stage by a person (moving it to `to`) straight into its history. */
  const approved = async (applicationId: number, stage: Stage, who: string, to?: Stage) => {
    await up().db.insertInto('approval_record').values({
      application_id: applicationId, action: 'CHECK', node_id: await nodeOf(stage), stage, from_status: 'IN_REVIEW', to_status: 'IN_REVIEW',
      to_node_id: to ? await nodeOf(to) : null, to_stage: to ?? null, actor_id: await userId(up().db, who), actor_org_id: null,
      target_user_id: null, refuse_reason_id: null, details: null, idempotency_key: key(),
    }).execute();
  };
  const peopleIds = (res: { body: { data: { people: { id: number }[] } } }) => res.body.data.people.map((p) => p.id);

  describe('only the assignee withdraws', () => {
    it('a colleague, another reviewer of the bank and the administrator get 409 and nothing changes; the assignee withdraws', async () => {
      const app = await createCase(up().db);
      const body = { id: app.id, version: app.version, opinion: '申请人撤回' };
      for (const who of ['renshe2', 'admin']) {
        const res = await call('withdraw', { ...body, key: key() }, who);
        expect(res.status, who).toBe(409);
        expect(res.body.message, who).toBe('该申请当前不由您办理');
      }
      const banks = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank2' });
      expect((await call('withdraw', { id: banks.id, version: banks.version, key: key(), opinion: '撤回' }, 'bank')).status).toBe(409);
      expect(await state(app.id)).toMatchObject({ status: 'IN_REVIEW', version: app.version });
      expect(await state(banks.id)).toMatchObject({ status: 'IN_REVIEW', version: banks.version });
      expect((await records(app.id)).map((r) => r.action)).toEqual(['SUBMIT']);

      const mine = await call('withdraw', { ...body, key: key() }, 'renshe');
      expect(mine.body.data.application).toMatchObject({ status: 'WITHDRAWN', assignee: null });
      const theirs = await call('withdraw', { id: banks.id, version: banks.version, key: key(), opinion: '撤回' }, 'bank2');
      expect(theirs.body.data.application.status).toBe('WITHDRAWN');
    });

    it('a case returned to the applicant keeps its reviewer: only they withdraw it', async () => {
      const app = await createCase(up().db);
      await call('return', { id: app.id, version: app.version, key: key(), opinion: '请补充材料', documents: ['DIPLOMA'] }, 'renshe');
      for (const who of ['renshe2', 'admin']) {
        expect((await call('withdraw', { id: app.id, version: app.version + 1, key: key(), opinion: '撤回' }, who)).status, who).toBe(409);
      }
      expect(await state(app.id)).toMatchObject({ status: 'RETURNED', version: app.version + 1, assignee_id: ids.renshe });
      const withdrawn = await call('withdraw', { id: app.id, version: app.version + 1, key: key(), opinion: '申请人放弃' }, 'renshe');
      expect(withdrawn.body.data.application).toMatchObject({ status: 'WITHDRAWN', stage: null, assignee: null });
    });
  });

  describe('turn-over is a supervisor’s act, never to oneself', () => {
    it('a reviewer cannot move a colleague’s cases at all, a supervisor not to themselves', async () => {
      const app = await createCase(up().db, { stage: 'GC_SECOND', assignee: 'guarantee' });
      const banks = await createCase(up().db, { stage: 'BANK_SECOND', assignee: 'bank2' });
      expect((await call('turnOver', { stage: 'GC_SECOND', fromUserId: ids.guarantee, toUserId: await userId(up().db, 'guarantee2'), key: key() }, 'guarantee2')).status).toBe(403);
      expect((await call('turnOver', { stage: 'BANK_SECOND', fromUserId: ids.bank2, toUserId: ids.bank, key: key() }, 'bank')).status).toBe(403);
      const lead = await up().login('bank-lead');
      expectFields(await up().call('businessClubFirstTrial/turnOver', { stage: 'BANK_SECOND', fromUserId: ids.bank2, toUserId: await userId(up().db, 'bank-lead'), key: key() }, { token: lead }),
        { toUserId: 'validation.turnOverSelf' });
      expect((await state(app.id)).assignee_id).toBe(ids.guarantee);
      expect((await state(banks.id)).assignee_id).toBe(ids.bank2);
      expect(await records(app.id)).toHaveLength(1);
    });

    it('a holder of the stage’s turn-over button moves them to another person: one record per case, a retry answers the same', async () => {
      const supervisor = await staffIn(up(), 'rs-supervisor', await orgIdOf(up().db, ORGS.renshe), { pages: ['/renshe/renshe-first'], buttons: ['rensheFirst::turnOver'] });
      const plain = await staffIn(up(), 'rs-plain', await orgIdOf(up().db, ORGS.renshe), { pages: ['/renshe/renshe-first'] });
      const cases = [await createCase(up().db, { assignee: 'renshe' }), await createCase(up().db, { assignee: 'renshe' })];
      const waiting = await up().db.selectFrom('application').select('id').where('stage', '=', 'RS_FIRST').where('status', '=', 'IN_REVIEW')
        .where('assignee_id', '=', await idOf('renshe')).execute();
      const body = { stage: 'RS_FIRST', fromUserId: ids.renshe, toUserId: ids.renshe2, key: key() };
      const turnOver = (payload: object, token: string) => up().call('businessClubFirstTrial/turnOver', payload, { token });

      expect((await turnOver({ ...body, key: key() }, plain.token)).status).toBe(403);
      const first = await turnOver(body, supervisor.token);
      expect(first.body.data).toEqual({ moved: waiting.length, kept: 0 });
      for (const app of cases) {
        expect((await state(app.id)).assignee_id).toBe(ids.renshe2);
        expect((await records(app.id)).filter((r) => r.action === 'TURN_OVER')).toEqual([
          { action: 'TURN_OVER', actor_id: supervisor.id, target_user_id: ids.renshe2, idempotency_key: body.key },
        ]);
      }
      const turned = await up().db.selectFrom('approval_record').select('application_id').where('idempotency_key', '=', body.key).execute();
      expect(turned.map((r) => r.application_id).sort()).toEqual(waiting.map((w) => w.id).sort());

      // The same hand-over again: the first answer, nothing more written; the key for another one: 409.
      const again = await turnOver(body, supervisor.token);
      expect(again.body.data).toEqual({ moved: waiting.length, kept: 0 });
      expect(await up().db.selectFrom('approval_record').select('id').where('idempotency_key', '=', body.key).execute()).toHaveLength(waiting.length);
      const other = await turnOver({ ...body, fromUserId: ids.renshe2, toUserId: ids.renshe }, supervisor.token);
      expect(other.status).toBe(409);
      expect(other.body.message).toBe('该操作已提交过（用于其他操作或其他申请），不能重复使用，请刷新后重试');
      expect((await state(cases[0]!.id)).assignee_id).toBe(ids.renshe2);
    });

    it('never to someone who approved a case at another stage: those cases stay, the others move', async () => {
      const supervisor = await staffIn(up(), 'bk-supervisor', await orgIdOf(up().db, ORGS.bank1), { pages: ['/bank/bank-forward'], buttons: ['bankForward::turnOver'] });
      const from = await staffIn(up(), 'bk-leaving', await orgIdOf(up().db, ORGS.bank1), { pages: ['/bank/bank-forward'] });
      const node = await nodeOf('BANK_TRANSFER');
      await up().db.insertInto('approval_node_person').values({ node_id: node, user_id: from.id }).execute();
      const [free, seen] = [await createCase(up().db, { stage: 'BANK_TRANSFER', assignee: 'bk-leaving' }), await createCase(up().db, { stage: 'BANK_TRANSFER', assignee: 'bk-leaving' })];
      await approved(seen.id, 'BANK_FIRST', 'bank', 'BANK_SECOND');
      const body = { stage: 'BANK_TRANSFER', fromUserId: from.id, toUserId: ids.bank, key: key() };
      const res = await up().call('businessClubFirstTrial/turnOver', body, { token: supervisor.token });
      expect(res.body.data).toEqual({ moved: 1, kept: 1 });
      expect(await state(free.id)).toMatchObject({ assignee_id: ids.bank, version: free.version + 1 });
      expect(await state(seen.id)).toMatchObject({ assignee_id: from.id, version: seen.version });
      expect((await up().call('businessClubFirstTrial/turnOver', body, { token: supervisor.token })).body.data).toEqual({ moved: 1, kept: 1 });
      // Only cases the new person may not take: 422, nothing moves.
      expectFields(await up().call('businessClubFirstTrial/turnOver', { ...body, key: key() }, { token: supervisor.token }), { toUserId: 'validation.turnOverNone' });
      expect((await state(seen.id)).assignee_id).toBe(from.id);
    });
  });

  describe('nobody approves a case at two stages', () => {
    it('the next stage is not offered, nor given, to someone who approved the case before', async () => {
      const app = await createCase(up().db);
      const checked = await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe2 }, 'renshe');
      expect(checked.body.code).toBe(200);
      const next = await call('getNodeAndPeople', { id: app.id, which: 'next' }, 'renshe2');
      expect(next.body.data.node.stage).toBe('RS_FINAL');
      expect(peopleIds(next)).not.toContain(ids.renshe);
      const version = checked.body.data.application.version;
      expectFields(await call('check', { id: app.id, version, key: key(), nextUserId: ids.renshe }, 'renshe2'), { nextUserId: 'validation.personNotAtNode' });
      expect(await state(app.id)).toMatchObject({ stage: 'RS_SECOND', version });

      await as('renshe3');
      expect(peopleIds(next)).toEqual([ids.renshe3]);
      const ok = await call('check', { id: app.id, version, key: key(), nextUserId: ids.renshe3 }, 'renshe2');
      expect(ok.body.data.application).toMatchObject({ stage: 'RS_FINAL', assignee: { id: ids.renshe3 } });
      const onwards = await call('check', { id: app.id, version: version + 1, key: key(), nextUserId: ids.guarantee }, 'renshe3');
      expect(onwards.body.data.application).toMatchObject({ stage: 'GC_FIRST', assignee: { id: ids.guarantee } });
    });

    it('an assignee who approved the case at another stage may not approve it here (409), but may still send it back', async () => {
      const app = await createCase(up().db, { stage: 'RS_FINAL', assignee: 'renshe' });
      await approved(app.id, 'RS_FIRST', 'renshe');
      const res = await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.guarantee }, 'renshe');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('您已在其他审核环节审核通过该申请，同一人不能在两个环节审核通过同一申请');
      expect(await state(app.id)).toMatchObject({ stage: 'RS_FINAL', version: app.version });
      expect((await call('return', { id: app.id, version: app.version, key: key(), opinion: '补充材料', documents: ['DIPLOMA'] }, 'renshe')).body.data.application.status).toBe('RETURNED');
    });

    it('redeploying, admin redeploying and rejecting offer and accept only people who may take the case there', async () => {
      const app = await createCase(up().db, { stage: 'RS_FINAL', assignee: 'renshe2' });
      await approved(app.id, 'RS_FIRST', 'renshe');
      const current = await call('getNodeAndPeople', { id: app.id, which: 'current' }, 'renshe2');
      expect(peopleIds(current)).not.toContain(ids.renshe);
      expect(peopleIds(current)).not.toContain(ids.renshe2);
      expectFields(await call('redeploy', { id: app.id, version: app.version, key: key(), userId: ids.renshe }, 'renshe2'), { userId: 'validation.personNotAtNode' });
      expectFields(await call('adminRedeploy', { id: app.id, version: app.version, key: key(), userId: ids.renshe }, 'admin'), { userId: 'validation.personNotAtNode' });
      expect(peopleIds(await call('getNodeAndPeople', { id: app.id, which: 'current' }, 'admin'))).not.toContain(ids.renshe);

      // Back at the second review, the person who approved the first one may not take it.
      const gc = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
      await approved(gc.id, 'RS_FIRST', 'renshe', 'RS_SECOND');
      await approved(gc.id, 'RS_SECOND', 'renshe2', 'RS_FINAL');
      const targets = await up().call('systemOrganiza/getRejectUser', { applicationId: gc.id }, { token: tokens.guarantee });
      const second = targets.body.data.find((t: { node: { stage: string } }) => t.node.stage === 'RS_SECOND');
      expect(second.people.map((p: { id: number }) => p.id)).toContain(ids.renshe2);
      expect(second.people.map((p: { id: number }) => p.id)).not.toContain(ids.renshe);
      const body = { id: gc.id, version: gc.version, opinion: '补充核实', nodeId: second.node.id };
      expectFields(await call('reject', { ...body, key: key(), userId: ids.renshe }, 'guarantee'), { userId: 'validation.personNotAtNode' });
      expect((await call('reject', { ...body, key: key(), userId: ids.renshe2 }, 'guarantee')).body.data.application)
        .toMatchObject({ stage: 'RS_SECOND', assignee: { id: ids.renshe2 } });
    });
  });

  describe('a key names one action on one case', () => {
    it('refused for another action on the same case: 409, nothing applied', async () => {
      const app = await createCase(up().db);
      const used = key();
      const checked = await call('check', { id: app.id, version: app.version, key: used, nextUserId: ids.renshe2 }, 'renshe');
      expect(checked.body.code).toBe(200);
      const reasons = await up().call('staterefuseconfig/options', { stage: 'RS_FIRST' }, { token: tokens.renshe });
      const refused = await call('refuse', { id: app.id, version: app.version, key: used, reasonId: reasons.body.data[0].id }, 'renshe');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('该操作已提交过（用于其他操作或其他申请），不能重复使用，请刷新后重试');

      const gc = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
      const quota = key();
      expect((await call('updateGuaranteeQuota', { id: gc.id, version: gc.version, key: quota, quota: 150000 }, 'guarantee')).body.code).toBe(200);
      expect((await call('reSign', { id: gc.id, version: gc.version + 1, key: quota }, 'guarantee')).status).toBe(409);
      expect(await state(gc.id)).toMatchObject({ resign_count: 0, version: gc.version + 1 });
      expect((await records(gc.id)).map((r) => r.action)).toEqual(['SUBMIT', 'QUOTA']);
      // The same action again under its key stays a safe retry.
      const retry = await call('updateGuaranteeQuota', { id: gc.id, version: gc.version, key: quota, quota: 150000 }, 'guarantee');
      expect(retry.body.code).toBe(200);
      expect(await records(gc.id)).toHaveLength(2);
    });

    it('refused on another case, in English too, even when both are sent at once', async () => {
      const [a, b] = [await createCase(up().db), await createCase(up().db)];
      const used = key();
      expect((await call('check', { id: a.id, version: a.version, key: used, nextUserId: ids.renshe2 }, 'renshe')).body.code).toBe(200);
      const other = await up().call('businessClubFirstTrial/check', { id: b.id, version: b.version, key: used, nextUserId: ids.renshe2 }, { token: tokens.renshe, locale: 'en' });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe('This submission was already used for another action or application; refresh and try again');
      expect(await state(b.id)).toMatchObject({ stage: 'RS_FIRST', version: b.version });

      const [c, d] = [await createCase(up().db), await createCase(up().db)];
      const shared = key();
      const both = await Promise.all([c, d].map((app) => call('check', { id: app.id, version: app.version, key: shared, nextUserId: ids.renshe2 }, 'renshe')));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await up().db.selectFrom('approval_record').select('id').where('idempotency_key', '=', shared).execute()).toHaveLength(1);
    });

    it('an action key is not a turn-over key, nor the other way round', async () => {
      const supervisor = await staffIn(up(), 'gc-supervisor', await orgIdOf(up().db, ORGS.gc1), { pages: ['/guarantee/guarantee-house'], buttons: ['guaranteeHouse::turnOver'] });
      const app = await createCase(up().db, { stage: 'GC_HOUSE', assignee: 'guarantee', method: 'HOUSE' });
      const used = key();
      expect((await call('reSign', { id: app.id, version: app.version, key: used }, 'guarantee')).body.code).toBe(200);
      const guarantee2 = await userId(up().db, 'guarantee2');
      const body = { stage: 'GC_HOUSE', fromUserId: ids.guarantee, toUserId: guarantee2 };
      expect((await up().call('businessClubFirstTrial/turnOver', { ...body, key: used }, { token: supervisor.token })).status).toBe(409);
      expect((await state(app.id)).assignee_id).toBe(ids.guarantee);
      const handed = key();
      expect((await up().call('businessClubFirstTrial/turnOver', { ...body, key: handed }, { token: supervisor.token })).body.code).toBe(200);
      expect((await call('reSign', { id: app.id, version: app.version + 2, key: handed }, 'guarantee2')).status).toBe(409);
    });
  });

  describe('lists offer only what a case can take', () => {
    it('a rejection is offered only where the case has passed a node to go back to', async () => {
      const app = await createCase(up().db);
      const row = async (stage: Stage, who: string) => (await call('getList', { stage, number: app.number, pageNum: 1, pageSize: 10 }, who)).body.data.list[0];
      expect(await row('RS_FIRST', 'renshe')).toMatchObject({ id: app.id, rejectable: false });
      expect((await call('unfold', { id: app.id }, 'renshe')).body.data.rejectable).toBe(false);
      expect((await up().call('systemOrganiza/getRejectUser', { applicationId: app.id }, { token: tokens.renshe })).body.data).toEqual([]);
      await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe2 }, 'renshe');
      expect(await row('RS_SECOND', 'renshe2')).toMatchObject({ id: app.id, rejectable: true });
      expect((await call('unfold', { id: app.id }, 'renshe2')).body.data.rejectable).toBe(true);
    });

    it('a page of cases from several flows judges each case by its own flow', async () => {
      // The flows have the same stages but nodes of their own: a case judged by another flow's nodes would not be rejectable.
      const person = await createCase(up().db);
      const company = await createCase(up().db, { borrowerType: 'SMALL_COMPANY' });
      const waiting = await createCase(up().db, { borrowerType: 'PARTNERSHIP' });
      for (const app of [person, company]) {
        expect((await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe2 }, 'renshe')).body.code).toBe(200);
      }
      expect(await rejectable(up().db, [person.id, company.id, waiting.id])).toEqual(new Set([person.id, company.id]));
    });
  });
});
