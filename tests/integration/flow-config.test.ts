import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { STAGES } from '../../lib/workflow/stages';
import { addWorkingDays } from '../../lib/workflow/working-days';
import { loadCalendar } from '../../upstream/modules/calendar/store';
import { remindOverdue } from '../../upstream/modules/workflow/overdue';
import { describeUpstream } from './harness';
import { countRows, expectFields, orgIdOf, staffIn, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';

const FLOW_PAGE = '/admin/setting/resources/business-flow';
let seq = 0;

describeUpstream('flow configuration (approvalModule, approvalConfig, systemOvertimeConfig) and overdue reminders', (up) => {
  const tokens: Record<string, string> = {};
  const ids = {} as Record<'admin' | 'renshe' | 'renshe2' | 'bank', number>;
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'renshe2', 'bank'] as const) {
      tokens[name] = await up().login(name);
      ids[name] = await userId(up().db, name);
    }
  });
  const call = (path: string, body: object, who = 'admin') => up().call(path, body, { token: tokens[who] ?? who });
  const modules = async (body: object = {}) => (await call('approvalModule/getList', { pageNum: 1, pageSize: 30, ...body })).body.data;
  const nodesOf = async (moduleId: number) => (await call('approvalConfig/getList', { moduleId })).body.data;
  const audits = (action: string) => up().db.selectFrom('audit_log').select(['target_id', 'summary']).where('action', '=', action).orderBy('id').execute();

  /** A new disabled module of a borrower type, with the given stages as nodes (renshe people on renshe stages, and so on). */
  async function moduleWith(stages: string[], name = `测试流程${++seq}`) {
    const added = await call('approvalModule/add', { name, borrowerType: 'PERSON', description: '测试' });
    expect(added.body.code, added.body.message).toBe(200);
    let module = added.body.data;
    for (const stage of stages) {
      const people = stage.startsWith('RS') ? [ids.renshe, ids.renshe2] : [ids.bank];
      const res = await call('approvalConfig/add', { moduleId: module.id, stage, userIds: people });
      expect(res.body.code, res.body.message).toBe(200);
      module = res.body.data.module;
    }
    return module as { id: number; version: number; name: string };
  }

  describe('approval modules', () => {
    it('lists the seeded module of every borrower type, enabled, with nine nodes and its running cases', async () => {
      const data = await modules();
      const seeded = data.list.filter((m: { state: string }) => m.state === 'ENABLED');
      expect(seeded.map((m: { borrowerType: string }) => m.borrowerType).sort()).toEqual(['PARTNERSHIP', 'PERSON', 'SMALL_COMPANY']);
      for (const m of seeded) expect(m.nodeCount).toBe(9);
      const person = seeded.find((m: { borrowerType: string }) => m.borrowerType === 'PERSON');
      const running = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('module_id', '=', person.id).where('status', 'in', ['IN_REVIEW', 'RETURNED']).executeTakeFirstOrThrow();
      expect(person.runningCount).toBe(Number(running.n));
      const filtered = await modules({ borrowerType: 'SMALL_COMPANY', state: 'ENABLED' });
      expect(filtered.list).toHaveLength(1);
    });

    it('adds a module disabled and without nodes, audited; bad input is refused and writes nothing', async () => {
      const before = await countRows(up().db, 'approval_module');
      expectFields(await call('approvalModule/add', { name: ' ', borrowerType: 'PERSON' }), { name: 'validation.flowNameRequired' });
      expectFields(await call('approvalModule/add', { name: '流程', borrowerType: 'NOBODY' }), { borrowerType: 'validation.borrowerType' });
      expect(await countRows(up().db, 'approval_module')).toBe(before);
      const res = await call('approvalModule/add', { name: '新个人流程', borrowerType: 'PERSON' });
      expect(res.body.data).toMatchObject({ name: '新个人流程', state: 'DISABLED', nodeCount: 0, runningCount: 0, version: 1 });
      expect((await audits('flow.create')).at(-1)!.target_id).toBe(String(res.body.data.id));
    });

    it('will not enable a module without nodes, nor disable the only enabled one of its type', async () => {
      const empty = await moduleWith([]);
      const enable = await call('approvalModule/update', { id: empty.id, version: empty.version, name: empty.name, state: 'ENABLED' });
      expect(enable.status).toBe(409);
      expect(enable.body.message).toBe('该流程还没有审核节点，不能启用');
      const enabled = (await modules({ borrowerType: 'SMALL_COMPANY', state: 'ENABLED' })).list[0];
      const disable = await call('approvalModule/update', { id: enabled.id, version: enabled.version, name: enabled.name, state: 'DISABLED' });
      expect(disable.status).toBe(409);
      expect((await modules({ borrowerType: 'SMALL_COMPANY', state: 'ENABLED' })).list).toHaveLength(1);
    });

    it('renames with the version it read; a stale version is 409 and changes nothing', async () => {
      const module = await moduleWith([]);
      const renamed = await call('approvalModule/update', { id: module.id, version: module.version, name: '改名后的流程', description: '说明' });
      expect(renamed.body.data).toMatchObject({ name: '改名后的流程', description: '说明', version: module.version + 1 });
      const stale = await call('approvalModule/update', { id: module.id, version: module.version, name: '又改名' });
      expect(stale.status).toBe(409);
      expect((await nodesOf(module.id)).module.name).toBe('改名后的流程');
      const audit = (await audits('flow.update')).at(-1)!;
      expect(typeof audit.summary === 'string' ? JSON.parse(audit.summary) : audit.summary).toMatchObject({ before: { name: module.name }, after: { name: '改名后的流程' } });
    });

    it('deletes a disabled module softly; an enabled one or one with running cases stays', async () => {
      const module = await moduleWith(['RS_FIRST']);
      const enabledPerson = (await modules({ borrowerType: 'PERSON', state: 'ENABLED' })).list[0];
      const refused = await call('approvalModule/del', { id: enabledPerson.id, version: enabledPerson.version });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('启用中的流程不能删除');

      const app = await createCase(up().db);
      await up().db.updateTable('application').set({ module_id: module.id }).where('id', '=', app.id).execute();
      const busy = await call('approvalModule/del', { id: module.id, version: module.version });
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe('该流程还有 1 笔办理中的申请，不能删除');

      await up().db.updateTable('application').set({ status: 'REFUSED', node_id: null }).where('id', '=', app.id).execute();
      const deleted = await call('approvalModule/del', { id: module.id, version: module.version });
      expect(deleted.body.code).toBe(200);
      expect((await modules()).list.some((m: { id: number }) => m.id === module.id)).toBe(false);
      expect(await up().db.selectFrom('approval_module').select('deleted_at').where('id', '=', module.id).executeTakeFirstOrThrow()).not.toEqual({ deleted_at: null });
      expect((await call('approvalConfig/getList', { moduleId: module.id })).status).toBe(404);
    });
  });

  describe('approval nodes', () => {
    it('adds nodes last with their people and limits; a stage twice or people of the wrong organisation type are refused', async () => {
      const module = await moduleWith(['RS_FIRST']);
      const before = await countRows(up().db, 'approval_node');
      expectFields(await call('approvalConfig/add', { moduleId: module.id, stage: 'RS_FIRST', userIds: [ids.renshe] }), { stage: 'validation.flowStageTaken' });
      expectFields(await call('approvalConfig/add', { moduleId: module.id, stage: 'RS_SECOND', userIds: [ids.bank] }), { userIds: 'validation.nodePeopleOrg' });
      expectFields(await call('approvalConfig/add', { moduleId: module.id, stage: 'RS_SECOND', userIds: [] }), { userIds: 'validation.nodePeople' });
      expectFields(await call('approvalConfig/add', { moduleId: module.id, stage: 'RS_SECOND', userIds: [ids.renshe], timeLimitDays: 0 }), { timeLimitDays: 'validation.timeLimit' });
      expect(await countRows(up().db, 'approval_node')).toBe(before);

      const res = await call('approvalConfig/add', { moduleId: module.id, stage: 'BANK_FIRST', userIds: [ids.bank], timeLimitDays: 7 });
      const nodes = res.body.data.nodes;
      expect(nodes.map((n: { stage: string }) => n.stage)).toEqual(['RS_FIRST', 'BANK_FIRST']);
      expect(nodes[1]).toMatchObject({ timeLimitDays: 7, effectiveDays: 7, pending: 0, people: [{ id: ids.bank, nickname: '银行审核员', orgName: ORGS.bank1 }] });
      expect(nodes[0]).toMatchObject({ timeLimitDays: null, effectiveDays: 3 });
      expect(res.body.data.module.nodeCount).toBe(2);
    });

    it('offers as candidates the enabled users of organisations of the stage type', async () => {
      const res = await call('approvalConfig/getCandidates', { stage: 'BANK_SECOND' });
      const names = res.body.data.map((c: { nickname: string }) => c.nickname);
      expect(names).toContain('银行审核员');
      expect(res.body.data.every((c: { orgName: string }) => c.orgName.includes('银行'))).toBe(true);
    });

    it('updates a node’s people and limit with its version', async () => {
      const module = await moduleWith(['RS_FIRST']);
      const [node] = (await nodesOf(module.id)).nodes;
      const res = await call('approvalConfig/update', { id: node.id, version: node.version, userIds: [ids.renshe2], timeLimitDays: 2 });
      expect(res.body.data.nodes[0]).toMatchObject({ timeLimitDays: 2, effectiveDays: 2, people: [{ id: ids.renshe2 }], version: node.version + 1 });
      const stale = await call('approvalConfig/update', { id: node.id, version: node.version, userIds: [ids.renshe] });
      expect(stale.status).toBe(409);
      expect((await nodesOf(module.id)).nodes[0].people.map((p: { id: number }) => p.id)).toEqual([ids.renshe2]);
    });

    it('reorders nodes only as a whole set and with the module’s version; running cases follow the new order', async () => {
      const module = await moduleWith(['RS_FIRST', 'RS_SECOND', 'RS_FINAL']);
      const { nodes } = await nodesOf(module.id);
      const [first, second, third] = nodes.map((n: { id: number }) => n.id);
      expectFields(await call('approvalConfig/updateSort', { moduleId: module.id, version: module.version, ids: [third, first] }), { ids: 'validation.nodeOrder' });
      expect((await call('approvalConfig/updateSort', { moduleId: module.id, version: module.version - 1, ids: [first, third, second] })).status).toBe(409);

      // A case at the first node of this module.
      const app = await createCase(up().db);
      await up().db.updateTable('application').set({ module_id: module.id, node_id: first }).where('id', '=', app.id).execute();
      const sorted = await call('approvalConfig/updateSort', { moduleId: module.id, version: module.version, ids: [first, third, second] });
      expect(sorted.body.data.nodes.map((n: { stage: string }) => n.stage)).toEqual(['RS_FIRST', 'RS_FINAL', 'RS_SECOND']);
      expect(sorted.body.data.module.version).toBe(module.version + 1);

      const checked = await call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: ids.renshe2 }, 'renshe');
      expect(checked.body.code, checked.body.message).toBe(200);
      expect(checked.body.data.application.stage).toBe('RS_FINAL');
    });

    it('a node holding cases cannot be deleted; an empty one is deleted softly and no longer routed through', async () => {
      const module = await moduleWith(['RS_FIRST', 'RS_SECOND', 'RS_FINAL']);
      const { nodes } = await nodesOf(module.id);
      const app = await createCase(up().db);
      await up().db.updateTable('application').set({ module_id: module.id, node_id: nodes[1].id, stage: 'RS_SECOND', assignee_id: ids.renshe }).where('id', '=', app.id).execute();
      const refused = await call('approvalConfig/del', { id: nodes[1].id, version: nodes[1].version });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('该节点还有 1 笔待办申请，不能删除');
      expect((await nodesOf(module.id)).nodes).toHaveLength(3);

      const deleted = await call('approvalConfig/del', { id: nodes[2].id, version: nodes[2].version });
      expect(deleted.body.data.nodes.map((n: { stage: string }) => n.stage)).toEqual(['RS_FIRST', 'RS_SECOND']);
      expect((await audits('flowNode.delete')).at(-1)!.target_id).toBe(String(nodes[2].id));
      // The case at RS_SECOND is now at the last node: approving it ends the review.
      const checked = await call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '' }, 'renshe');
      expect(checked.body.data.application.status).toBe('APPROVED');
    });

    it('keeps at least one node in an enabled module', async () => {
      const module = await moduleWith(['RS_FIRST']);
      const enabled = await call('approvalModule/update', { id: module.id, version: module.version, name: module.name, state: 'ENABLED' });
      expect(enabled.body.code, enabled.body.message).toBe(200);
      try {
        const [node] = (await nodesOf(module.id)).nodes;
        const res = await call('approvalConfig/del', { id: node.id, version: node.version });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('启用中的流程至少要保留一个审核节点');
      } finally {
        await restoreSeededPerson();
      }
    });
  });

  /** Enables the seeded personal-loan module again (tests that switch modules call it). */
  async function restoreSeededPerson() {
    const seeded = (await modules({ borrowerType: 'PERSON' })).list.find((m: { name: string }) => m.name === '个人创业担保贷款');
    if (seeded.state === 'ENABLED') return;
    const res = await call('approvalModule/update', { id: seeded.id, version: seeded.version, name: seeded.name, description: seeded.description, state: 'ENABLED' });
    expect(res.body.code, res.body.message).toBe(200);
  }

  it('enabling a module switches new applications of its type to it; running cases keep their module', async () => {
    const running = await createCase(up().db);
    const module = await moduleWith(['RS_FIRST', 'BANK_FIRST']);
    const res = await call('approvalModule/update', { id: module.id, version: module.version, name: module.name, state: 'ENABLED' });
    try {
      expect(res.body.data.state).toBe('ENABLED');
      const person = (await modules({ borrowerType: 'PERSON', state: 'ENABLED' })).list;
      expect(person.map((m: { id: number }) => m.id)).toEqual([module.id]);

      seq += 1;
      const first17 = `4301021990030${String(7000 + seq).slice(-4)}`;
      const submitted = await call('channel/application/submit', {
        clientKey: randomUUID(), borrowerType: 'PERSON',
        proposer: { name: '流程测试', idNumber: first17 + idCheckDigit(first17), mobile: '13712340000', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
        amount: 100000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
        rensheOrgId: await orgIdOf(up().db, ORGS.renshe), guaranteeOrgId: await orgIdOf(up().db, ORGS.gc1), bankOrgId: await orgIdOf(up().db, ORGS.bank1),
      });
      expect(submitted.body.code, submitted.body.message).toBe(200);
      const fresh = await up().db.selectFrom('application').select('module_id').where('id', '=', submitted.body.data.id).executeTakeFirstOrThrow();
      expect(fresh.module_id).toBe(module.id);

      // The running case still goes from renshe first review to renshe review in its own module.
      const checked = await call('businessClubFirstTrial/check', { id: running.id, version: running.version, key: key(), opinion: '', nextUserId: ids.renshe2 }, 'renshe');
      expect(checked.body.data.application.stage).toBe('RS_SECOND');
    } finally {
      await restoreSeededPerson();
    }
    expect((await modules({ borrowerType: 'PERSON', state: 'ENABLED' })).list.map((m: { name: string }) => m.name)).toEqual(['个人创业担保贷款']);
  });

  it('two modules of a type enabled at once: both calls are answered, exactly one module is enabled', async () => {
    const [a, b] = [await moduleWith(['RS_FIRST']), await moduleWith(['RS_FIRST'])];
    try {
      const results = await Promise.all([a, b].map((m) => call('approvalModule/update', { id: m.id, version: m.version, name: m.name, state: 'ENABLED' })));
      for (const r of results) expect(r.status).toBe(200);
      const enabled = (await modules({ borrowerType: 'PERSON', state: 'ENABLED' })).list;
      expect(enabled).toHaveLength(1);
      expect([a.id, b.id]).toContain(enabled[0].id);
    } finally {
      await restoreSeededPerson();
    }
  });

  it('is the administrators’ business: other users get 403; a page grant reads, a button grant writes', async () => {
    for (const [path, body] of [
      ['approvalModule/getList', { pageNum: 1, pageSize: 10 }], ['approvalModule/add', { name: 'x', borrowerType: 'PERSON' }],
      ['approvalConfig/getList', { moduleId: 1 }], ['approvalConfig/updateSort', { moduleId: 1, version: 1, ids: [1] }],
      ['systemOvertimeConfig/list', { pageNum: 1, pageSize: 10 }], ['systemOvertimeConfig/update', { stage: 'RS_FIRST', days: 3, remind: true, version: 1 }],
    ] as const) {
      expect((await call(path, body, 'renshe')).status, path).toBe(403);
    }
    const reader = await staffIn(up(), `flowreader${++seq}`, null, { pages: [FLOW_PAGE] });
    expect((await call('approvalModule/getList', { pageNum: 1, pageSize: 10 }, reader.token)).status).toBe(200);
    expect((await call('approvalModule/add', { name: 'x', borrowerType: 'PERSON' }, reader.token)).status).toBe(403);
    const editor = await staffIn(up(), `flownode${++seq}`, null, { pages: [FLOW_PAGE], buttons: ['flow::node'] });
    const module = await moduleWith([]);
    const added = await call('approvalConfig/add', { moduleId: module.id, stage: 'RS_FIRST', userIds: [ids.renshe] }, editor.token);
    expect(added.body.code, added.body.message).toBe(200);
    expect((await call('approvalModule/update', { id: module.id, version: added.body.data.module.version, name: 'y' }, editor.token)).status).toBe(403);
  });

  describe('time-out config', () => {
    const overtime = async () => (await call('systemOvertimeConfig/list', { pageNum: 1, pageSize: 30 })).body.data;

    it('lists every stage in flow order with its days, reminder switch and overdue cases', async () => {
      const data = await overtime();
      expect(data.list.map((r: { stage: string }) => r.stage)).toEqual([...STAGES]);
      expect(data.list[0]).toMatchObject({ stage: 'RS_FIRST', days: 3, remind: true, version: 1 });
      const overdue = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('stage', '=', 'BANK_FIRST').where('status', '=', 'IN_REVIEW').where('deadline', '<', new Date()).executeTakeFirstOrThrow();
      expect(data.list.find((r: { stage: string }) => r.stage === 'BANK_FIRST').overdue).toBe(Number(overdue.n));
    });

    it('a changed limit gives cases entering the stage from then on the new deadline', async () => {
      const row = (await overtime()).list.find((r: { stage: string }) => r.stage === 'RS_SECOND');
      expectFields(await call('systemOvertimeConfig/update', { ...row, days: 61 }), { days: 'validation.timeLimit' });
      const updated = await call('systemOvertimeConfig/update', { stage: 'RS_SECOND', days: 10, remind: true, version: row.version });
      expect(updated.body.data).toMatchObject({ days: 10, version: row.version + 1 });
      expect((await call('systemOvertimeConfig/update', { stage: 'RS_SECOND', days: 4, remind: true, version: row.version })).status).toBe(409);
      try {
        const app = await createCase(up().db);
        const started = new Date();
        await call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: ids.renshe2 }, 'renshe');
        const { deadline } = await up().db.selectFrom('application').select('deadline').where('id', '=', app.id).executeTakeFirstOrThrow();
        const expected = addWorkingDays(started, 10, await loadCalendar(up().db)).getTime();
        expect(new Date(deadline!).getTime()).toBeGreaterThanOrEqual(expected);
        expect(new Date(deadline!).getTime()).toBeLessThan(expected + 60_000);
      } finally {
        await call('systemOvertimeConfig/update', { stage: 'RS_SECOND', days: 3, remind: true, version: row.version + 1 });
      }
    });

    it('deletes and adds a stage’s limit; a stage twice is refused', async () => {
      const row = (await overtime()).list.find((r: { stage: string }) => r.stage === 'GC_HOUSE');
      expectFields(await call('systemOvertimeConfig/add', { stage: 'GC_HOUSE', days: 5, remind: true }), { stage: 'validation.overtimeStageTaken' });
      expect((await call('systemOvertimeConfig/del', { stage: 'GC_HOUSE', version: row.version })).body.code).toBe(200);
      expect((await overtime()).list.map((r: { stage: string }) => r.stage)).not.toContain('GC_HOUSE');
      const added = await call('systemOvertimeConfig/add', { stage: 'GC_HOUSE', days: 10, remind: false });
      expect(added.body.data).toMatchObject({ stage: 'GC_HOUSE', days: 10, remind: false, version: 1 });
      expect((await audits('overtime.delete')).at(-1)!.target_id).toBe('GC_HOUSE');
    });
  });

  describe('overdue reminders', () => {
    it('tell each assignee once a day how many of their cases are overdue, linking the stage', async () => {
      const app = await createCase(up().db, { assignee: 'renshe2' });
      await up().db.updateTable('application').set({ deadline: new Date(Date.now() - 86_400_000) }).where('id', '=', app.id).execute();
      const overdue = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('assignee_id', '=', ids.renshe2).where('status', '=', 'IN_REVIEW').where('deadline', '<', new Date()).executeTakeFirstOrThrow();
      const messages = () => up().db.selectFrom('message').select(['text_params', 'menu_url']).where('user_id', '=', ids.renshe2)
        .where('text_key', '=', 'workflow.overdueReminder').orderBy('id').execute();
      const before = (await messages()).length;

      const now = new Date();
      expect(await remindOverdue(up().db, now)).toBeGreaterThanOrEqual(1);
      const sent = await messages();
      expect(sent).toHaveLength(before + 1);
      expect(sent.at(-1)).toEqual({ text_params: { count: Number(overdue.n) }, menu_url: expect.stringMatching(/^\/renshe\/renshe-\w+\?overdue=true$/) });

      await remindOverdue(up().db, now);
      expect(await messages()).toHaveLength(before + 1);
      await remindOverdue(up().db, new Date(now.getTime() + 86_400_000));
      expect(await messages()).toHaveLength(before + 2);
    });

    it('leave out stages whose reminders are switched off', async () => {
      const clerk = await staffIn(up(), `transfer${++seq}`, await orgIdOf(up().db, ORGS.bank1), {});
      const app = await createCase(up().db, { stage: 'BANK_TRANSFER' });
      await up().db.updateTable('application').set({ assignee_id: clerk.id, deadline: new Date(Date.now() - 3_600_000) }).where('id', '=', app.id).execute();
      const row = (await call('systemOvertimeConfig/list', { pageNum: 1, pageSize: 30, stage: 'BANK_TRANSFER' })).body.data.list[0];
      const off = await call('systemOvertimeConfig/update', { stage: 'BANK_TRANSFER', days: row.days, remind: false, version: row.version });
      const reminders = () => up().db.selectFrom('message').select('menu_url').where('user_id', '=', clerk.id).execute();
      const now = new Date();
      await remindOverdue(up().db, now);
      expect(await reminders()).toEqual([]);
      await call('systemOvertimeConfig/update', { stage: 'BANK_TRANSFER', days: row.days, remind: true, version: off.body.data.version });
      await remindOverdue(up().db, now);
      expect(await reminders()).toEqual([{ menu_url: '/bank/bank-forward?overdue=true' }]);
    });
  });
});
