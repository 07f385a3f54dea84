import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, userId } from './helpers';
import { createCase, key } from './workflow-fixtures';

describeUpstream('workflow actions', (up) => {
  const tokens: Record<string, string> = {};
  const NAMES = ['admin', 'renshe', 'renshe2', 'renshe3', 'guarantee', 'guarantee2', 'guarantee3', 'bank', 'bank2', 'bank3', 'guarantee-lead'] as const;
  const ids = {} as Record<(typeof NAMES)[number], number>;
  beforeAll(async () => {
    for (const name of NAMES) {
      tokens[name] = await up().login(name);
      ids[name] = await userId(up().db, name);
    }
  });
  const call = (path: string, body: object, who: string) => up().call(`businessClubFirstTrial/${path}`, body, { token: tokens[who] });
  const records = async (id: number) =>
    up().db.selectFrom('approval_record').select(['action', 'stage', 'to_stage', 'actor_id']).where('application_id', '=', id).orderBy('id').execute();
  const state = async (id: number) =>
    up().db.selectFrom('application').select(['status', 'stage', 'assignee_id', 'maker_id', 'version', 'deadline']).where('id', '=', id).executeTakeFirstOrThrow();

  it('check moves the case to the next node and the chosen person, with one record and one message', async () => {
    const app = await createCase(up().db);
    const before = await countRows(up().db, 'message');
    const res = await call('check', { id: app.id, version: app.version, key: key(), opinion: '材料齐全', nextUserId: ids.renshe2 }, 'renshe');
    expect(res.body.code).toBe(200);
    expect(res.body.data.application).toMatchObject({ id: app.id, status: 'IN_REVIEW', stage: 'RS_SECOND', assignee: { id: ids.renshe2 }, version: app.version + 1 });
    expect(res.body.data.application.idNumber).toBe('110***********4514');
    const after = await state(app.id);
    expect(after).toMatchObject({ stage: 'RS_SECOND', assignee_id: ids.renshe2, maker_id: ids.renshe });
    expect(after.deadline).not.toBeNull();
    expect((await records(app.id)).map((r) => r.action)).toEqual(['SUBMIT', 'CHECK']);
    expect(await countRows(up().db, 'message')).toBe(before + 1);
    const message = await up().db.selectFrom('message').select(['text_key', 'text_params', 'menu_url']).where('user_id', '=', ids.renshe2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Stored as a key with its parameters: each reader reads it in their language (stored-texts.test.ts).
    expect(message).toEqual({ text_key: 'workflow.assigned', text_params: { number: app.number, stage: { key: 'workflow.stage.RS_SECOND' } }, menu_url: '/renshe/renshe-last' });
  });

  it('a repeated key is applied once and answers the first result; a stale version is 409 and changes nothing', async () => {
    const app = await createCase(up().db);
    const body = { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: ids.renshe2 };
    const first = await call('check', body, 'renshe');
    const again = await call('check', body, 'renshe');
    expect(again.body.code).toBe(200);
    expect(again.body.data.recordId).toBe(first.body.data.recordId);
    expect(await records(app.id)).toHaveLength(2);
    const stale = await call('check', { ...body, key: key() }, 'renshe2');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('该申请已被他人处理或已更新，请刷新后重试');
    expect((await state(app.id)).version).toBe(app.version + 1);
  });

  it('50 concurrent checks: exactly one succeeds, the others get 409, exactly one record', async () => {
    const app = await createCase(up().db);
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      call('check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: ids.renshe2 }, 'renshe')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect((await records(app.id)).filter((r) => r.action === 'CHECK')).toHaveLength(1);
    expect((await state(app.id)).version).toBe(app.version + 1);
  });

  it('only the assignee acts, and the maker is never the checker', async () => {
    const app = await createCase(up().db);
    const notMine = await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe }, 'renshe2');
    expect(notMine.status).toBe(409);
    expect(notMine.body.message).toBe('该申请当前不由您办理');
    const self = await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe }, 'renshe');
    expect(self.status).toBe(422);
    expect(self.body.data.fields).toEqual({ nextUserId: 'validation.personNotAtNode' });
    expect(await records(app.id)).toHaveLength(1);
  });

  it('another bank cannot read or act on a case; the bank of the case can', async () => {
    const app = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank1' });
    const other = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
    expect((await call('unfold', { id: app.id }, 'bank')).body.data.number).toBe(app.number);
    expect((await call('unfold', { id: other.id }, 'bank')).status).toBe(404);
    expect((await call('check', { id: other.id, version: other.version, key: key(), nextUserId: ids.bank2 }, 'bank')).status).toBe(404);
    const list = await call('getList', { stage: 'BANK_FIRST', pageNum: 1, pageSize: 30 }, 'bank');
    const numbers = list.body.data.list.map((r: { number: string }) => r.number);
    expect(numbers).toContain(app.number);
    expect(numbers).not.toContain(other.number);
    expect((await call('getList', { stage: 'BANK_FIRST', pageNum: 1, pageSize: 10 }, 'renshe')).status).toBe(403);
  });

  it('reject goes back only to a passed node, to a person there', async () => {
    const app = await createCase(up().db);
    const checked = await call('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe2 }, 'renshe');
    const firstNode = (await up().db.selectFrom('approval_record').select('to_node_id').where('application_id', '=', app.id).where('action', '=', 'SUBMIT').executeTakeFirstOrThrow()).to_node_id!;
    const targets = await up().call('systemOrganiza/getRejectUser', { applicationId: app.id }, { token: tokens.renshe2 });
    expect(targets.body.data).toEqual([{ node: { id: firstNode, stage: 'RS_FIRST' }, people: [expect.objectContaining({ id: ids.renshe }), expect.objectContaining({ id: ids.renshe3 })] }]);
    const version = checked.body.data.application.version;
    const noOpinion = await call('reject', { id: app.id, version, key: key(), nodeId: firstNode, userId: ids.renshe }, 'renshe2');
    expect(noOpinion.body.data.fields).toEqual({ opinion: 'validation.opinionRequired' });
    const future = (await up().db.selectFrom('approval_node').select('id').where('stage', '=', 'RS_FINAL').where('module_id', '=',
      up().db.selectFrom('application').select('module_id').where('id', '=', app.id)).executeTakeFirstOrThrow()).id;
    expect((await call('reject', { id: app.id, version, key: key(), opinion: '补充材料', nodeId: future, userId: ids.renshe }, 'renshe2')).status).toBe(409);
    const back = await call('reject', { id: app.id, version, key: key(), opinion: '补充材料', nodeId: firstNode, userId: ids.renshe }, 'renshe2');
    expect(back.body.data.application).toMatchObject({ stage: 'RS_FIRST', assignee: { id: ids.renshe } });
  });

  it('refuse ends the case with the configured reason and tells the applicant by SMS', async () => {
    const app = await createCase(up().db);
    const reasons = await up().call('staterefuseconfig/options', { stage: 'RS_FIRST' }, { token: tokens.renshe });
    const reason = reasons.body.data[0];
    expect((await call('refuse', { id: app.id, version: app.version, key: key() }, 'renshe')).body.data.fields).toEqual({ reasonId: 'validation.reasonRequired' });
    const res = await call('refuse', { id: app.id, version: app.version, key: key(), reasonId: reason.id, opinion: '不符合条件' }, 'renshe');
    expect(res.body.data.application).toMatchObject({ status: 'REFUSED', stage: null, assignee: null });
    const sms = await up().db.selectFrom('sms_outbox').select(['mobile', 'content']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.mobile).toBe('13912345678');
    expect(sms.content).toContain(app.number);
    expect((await call('check', { id: app.id, version: app.version + 1, key: key(), nextUserId: ids.renshe2 }, 'renshe')).status).toBe(409);
  });

  it('the people of a node carry their waiting cases in all and at the node\'s stage (getNodeAndPeople, getAuditPersonAmount)', async () => {
    const app = await createCase(up().db);
    await createCase(up().db, { stage: 'RS_SECOND', assignee: 'renshe2' });
    await createCase(up().db, { stage: 'RS_FIRST', assignee: 'renshe2' });
    const waiting = async (userId: number, stage?: 'RS_FIRST') => Number((await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignee_id', '=', userId).where('status', '=', 'IN_REVIEW').$if(stage !== undefined, (q) => q.where('stage', '=', stage!)).executeTakeFirstOrThrow()).n);
    const people = (await call('getNodeAndPeople', { id: app.id, which: 'current' }, 'renshe')).body.data.people as { id: number; pending: number; stagePending: number }[];
    const renshe2 = people.find((p) => p.id === ids.renshe2)!;
    expect(renshe2).toMatchObject({ pending: await waiting(ids.renshe2), stagePending: await waiting(ids.renshe2, 'RS_FIRST') });
    expect(renshe2.stagePending).toBeGreaterThan(0);
    expect(renshe2.stagePending).toBeLessThan(renshe2.pending);
    const node = (await call('getAuditPersonAmount', { id: app.id }, 'renshe')).body.data as { id: number; pending: number; stagePending: number }[];
    expect(node.find((p) => p.id === ids.renshe)).toMatchObject({ pending: await waiting(ids.renshe), stagePending: await waiting(ids.renshe, 'RS_FIRST') });
  });

  it('redeploy hands the case to another person of the node; adminRedeploy works for an admin who is not the assignee', async () => {
    const app = await createCase(up().db);
    const people = await call('getNodeAndPeople', { id: app.id, which: 'current' }, 'renshe');
    expect(people.body.data.people.map((p: { id: number }) => p.id)).toEqual([ids.renshe2, ids.renshe3]);
    const moved = await call('redeploy', { id: app.id, version: app.version, key: key(), userId: ids.renshe2 }, 'renshe');
    expect(moved.body.data.application.assignee.id).toBe(ids.renshe2);
    const back = await call('adminRedeploy', { id: app.id, version: app.version + 1, key: key(), userId: ids.renshe }, 'admin');
    expect(back.body.data.application.assignee.id).toBe(ids.renshe);
    expect((await records(app.id)).map((r) => r.action)).toEqual(['SUBMIT', 'REDEPLOY', 'ADMIN_REDEPLOY']);
  });

  it('turnOver hands every waiting case of one person to another; the same key again answers the same', async () => {
    const a = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
    const b = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
    const body = { stage: 'GC_FIRST', fromUserId: ids.guarantee, toUserId: ids.guarantee2, key: key() };
    // A supervisor's act: a reviewer of the same organisation may not.
    expect((await call('turnOver', body, 'guarantee3')).status).toBe(403);
    const res = await call('turnOver', body, 'guarantee-lead');
    expect(res.body.data.moved).toBeGreaterThanOrEqual(2);
    expect((await state(a.id)).assignee_id).toBe(ids.guarantee2);
    expect((await state(b.id)).assignee_id).toBe(ids.guarantee2);
    expect((await call('turnOver', body, 'guarantee-lead')).body.data).toEqual(res.body.data);
    expect((await records(a.id)).map((r) => r.action)).toEqual(['SUBMIT', 'TURN_OVER']);
    expect((await call('turnOver', { ...body, key: key() }, 'bank')).status).toBe(403);
  });

  it('getStagePeople lists the people of a stage in the caller’s organisations; getFileInfo the case’s files', async () => {
    const people = await call('getStagePeople', { stage: 'GC_FIRST' }, 'guarantee');
    expect(people.body.data.map((p: { id: number }) => p.id)).toEqual([ids.guarantee, ids.guarantee2, ids.guarantee3]);
    expect((await call('getStagePeople', { stage: 'RS_FIRST' }, 'admin')).body.data.map((p: { id: number }) => p.id)).toEqual([ids.renshe, ids.renshe2, ids.renshe3]);
    expect((await call('getStagePeople', { stage: 'GC_FIRST' }, 'bank')).status).toBe(403);
    const app = await createCase(up().db);
    await up().db.insertInto('application_file').values({ application_id: app.id, kind: 'ID_CARD', name: '身份证.png', mime: 'image/png', size: 1024, storage_key: `k-${app.id}`, uploaded_by: null }).execute();
    const files = await up().call('businessProposerInfo/getFileInfo', { id: app.id }, { token: tokens.renshe });
    expect(files.body.data).toEqual([expect.objectContaining({ kind: 'ID_CARD', name: '身份证.png', mime: 'image/png', size: 1024 })]);
    expect((await up().call('businessProposerInfo/getFileInfo', { id: app.id }, { token: tokens.bank2 })).status).toBe(200);
  });

  it('an application goes through every stage to a loan issued, each stage approved by a person of its own', async () => {
    const app = await createCase(up().db, { method: 'HOUSE' });
    const walk: [string, (typeof NAMES)[number]][] = [
      ['renshe', 'renshe2'], ['renshe2', 'renshe3'], ['renshe3', 'guarantee'], ['guarantee', 'guarantee2'], ['guarantee2', 'guarantee3'],
      ['guarantee3', 'bank'], ['bank', 'bank2'], ['bank2', 'bank3'],
    ];
    let version = app.version;
    for (const [who, next] of walk) {
      const res = await call('check', { id: app.id, version, key: key(), opinion: '同意', nextUserId: ids[next] }, who);
      expect(res.body.code, `${who} -> ${next}: ${res.body.message}`).toBe(200);
      version = res.body.data.application.version;
    }
    const quota = await call('updateGuaranteeQuota', { id: app.id, version, key: key(), quota: 150000 }, 'bank3');
    expect(quota.status).toBe(403);
    const approved = await call('check', { id: app.id, version, key: key(), opinion: '同意放款' }, 'bank3');
    expect(approved.body.data.application).toMatchObject({ status: 'APPROVED', stage: 'BANK_TRANSFER', assignee: { id: ids.bank3 } });
    // The applicant is told through the APPROVED and LOANED templates.
    const lastSms = () => up().db.selectFrom('sms_outbox').select(['mobile', 'template', 'content']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await lastSms()).toEqual({
      mobile: '13912345678', template: 'APPROVED', content: `【创业担保贷款】测试申请人您好，您的创业担保贷款申请 ${app.number} 已审批通过，金额 200,000.00 元，请留意银行放款通知。`,
    });
    const issued = await call('bankState', { id: app.id, version: version + 1, key: key(), issued: true, loanAmount: 200000, loanDate: '2026-11-20' }, 'bank3');
    expect(issued.body.data.application.status).toBe('LOANED');
    expect(await lastSms()).toEqual({
      mobile: '13912345678', template: 'LOANED', content: `【创业担保贷款】测试申请人您好，您的创业担保贷款 200,000.00 元已于 2026-11-20 发放，申请编号 ${app.number}。`,
    });
    const progress = await up().call('businessClubFirstTrial/progressBar', { id: app.id }, { token: tokens.bank, method: 'GET' });
    expect(progress.body.data.nodes.map((n: { stage: string; state: string }) => `${n.stage}:${n.state}`)).toEqual([
      'RS_FIRST:done', 'RS_SECOND:done', 'RS_FINAL:done', 'GC_FIRST:done', 'GC_SECOND:done', 'GC_HOUSE:done',
      'BANK_FIRST:done', 'BANK_SECOND:done', 'BANK_TRANSFER:done',
    ]);
    const plan = await call('getPlan', { id: app.id }, 'bank');
    expect(plan.body.data.rows).toHaveLength(24);
    expect(plan.body.data.rows.at(-1).balance).toBe(0);
  });
});
