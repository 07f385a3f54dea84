import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields } from './helpers';
import { createCase, key } from './workflow-fixtures';

describeUpstream('blacklist strategy (business-blacklist-strategy, business-situation-condition)', (up) => {
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
  });
  const call = (path: string, body: unknown, token = admin) => up().call(path, body, { token });

  it('offers the seeded situations; a rule needs the parameter its situation names; stale and unknown rows are refused', async () => {
    const situations = (await call('business-situation-condition/list', {})).body.data;
    expect(situations.map((s: { code: string }) => s.code)).toEqual(['FALSE_MATERIAL', 'COMPENSATED', 'OVERDUE_DAYS']);
    const overdue = situations[2];
    expectFields(await call('business-blacklist-strategy/edit', { name: '逾期', conditionId: overdue.id, months: 0, reason: '' }), {
      months: 'validation.months', reason: 'validation.reasonTextRequired',
    });
    expectFields(await call('business-blacklist-strategy/edit', { name: '逾期', conditionId: overdue.id, months: 12, reason: '逾期' }), { paramValue: 'validation.paramValue' });
    const added = await call('business-blacklist-strategy/edit', { name: '逾期90天', conditionId: overdue.id, paramValue: 90, months: 24, reason: '逾期超过90天' });
    expect(added.body.data).toMatchObject({ condition: 'OVERDUE_DAYS', paramValue: 90, months: 24, added: 0, version: 1 });
    expect((await call('business-blacklist-strategy/edit', { ...added.body.data, months: 6, version: 5 })).status).toBe(409);
    expect((await call('business-blacklist-strategy/edit', { ...added.body.data, id: 99_999 })).status).toBe(404);
    expect((await call('business-blacklist-strategy/del', { id: added.body.data.id, version: 1 })).body.code).toBe(200);
    expect((await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10 }, reviewer)).status).toBe(403);
  });

  it('a refusal for false material blacklists the proposer for the rule\'s months (source STRATEGY)', async () => {
    const rule = (await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10 })).body.data.list[0];
    expect(rule).toMatchObject({ condition: 'FALSE_MATERIAL', months: 36, state: 'ENABLED' });
    const reasons = (await call('staterefuseconfig/list', { pageNum: 1, pageSize: 30 })).body.data.list;
    const fraud = reasons.find((r: { fraud: boolean }) => r.fraud);
    expect(fraud.content).toBe('申请材料与实际情况不符');
    const app = await createCase(up().db);
    const row = await up().db.selectFrom('application').select(['id_number']).where('id', '=', app.id).executeTakeFirstOrThrow();
    await up().db.updateTable('blacklist').set({ relieved_at: new Date(), relieve_reason: 'test' }).where('id_number', '=', row.id_number).where('relieved_at', 'is', null).execute();
    const refused = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: fraud.id }, { token: reviewer });
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(200);
    const entry = (await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber: row.id_number, state: 'ACTIVE' })).body.data.list[0];
    const [y, m, d] = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).split('-').map(Number) as [number, number, number];
    expect(entry).toMatchObject({ source: 'STRATEGY', sourceRef: `rule:${rule.id}`, reason: '提供虚假申请材料被拒绝', expiresOn: new Date(Date.UTC(y + 3, m - 1, d)).toISOString().slice(0, 10) });
    const after = (await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10 })).body.data.list[0];
    expect(after.added).toBeGreaterThanOrEqual(1);
    // A rule that added entries is disabled, never deleted; a disabled rule adds nothing.
    expect((await call('business-blacklist-strategy/del', { id: after.id, version: after.version })).body.code).toBe(200);
    expect((await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10 })).body.data.list[0]).toMatchObject({ id: after.id, state: 'DISABLED' });
    const second = await createCase(up().db);
    const secondId = (await up().db.selectFrom('application').select('id_number').where('id', '=', second.id).executeTakeFirstOrThrow()).id_number;
    await up().db.updateTable('blacklist').set({ relieved_at: new Date(), relieve_reason: 'test' }).where('id_number', '=', secondId).where('relieved_at', 'is', null).execute();
    await up().call('businessClubFirstTrial/refuse', { id: second.id, version: second.version, key: key(), reasonId: fraud.id }, { token: reviewer });
    expect((await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber: secondId, state: 'ACTIVE' })).body.data.total).toBe(0);
  });
});
