import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields } from './helpers';

describeUpstream('systemParam', (up) => {
  let adminToken: string;
  let bankToken: string;
  beforeAll(async () => {
    adminToken = await up().login('admin');
    bankToken = await up().login('bank');
  });

  it('lists the parameters to an admin', async () => {
    const { status, body } = await up().call('systemParam/getList', {}, { token: adminToken });
    expect(status).toBe(200);
    expect(body.data).toContainEqual({
      key: 'sms.loginSwitch', value: '0', description: expect.any(String), updateTime: expect.anything(),
    });
  });

  it('refuses the list and the update to a non-admin, changing nothing', async () => {
    expect((await up().call('systemParam/getList', {}, { token: bankToken })).status).toBe(403);
    const audits = await countRows(up().db, 'audit_log');
    expect((await up().call('systemParam/update', { key: 'sms.loginSwitch', value: '1' }, { token: bankToken })).status).toBe(403);
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
    const row = await up().db.selectFrom('system_param').select('value').where('key', '=', 'sms.loginSwitch').executeTakeFirstOrThrow();
    expect(row.value).toBe('0');
  });

  it('updates a parameter and writes an audit entry naming the admin', async () => {
    const { body } = await up().call('systemParam/update', { key: 'sms.loginSwitch', value: '1' }, { token: adminToken });
    expect(body).toEqual({ code: 200, message: '操作成功', data: { key: 'sms.loginSwitch', value: '1' } });
    const audit = await up().db.selectFrom('audit_log as a').innerJoin('app_user as u', 'u.id', 'a.actor_id')
      .select(['u.username', 'a.action', 'a.target_id']).where('a.target_type', '=', 'system_param').execute();
    expect(audit).toEqual([{ username: 'admin', action: 'systemParam.update', target_id: 'sms.loginSwitch' }]);
    expect((await up().call('mobile/public/getSmsSwitch')).body.data).toEqual({ smsSwitch: true });
  });

  it('answers 404 for an unknown key and changes nothing', async () => {
    const audits = await countRows(up().db, 'audit_log');
    const { status } = await up().call('systemParam/update', { key: 'no.such.key', value: '1' }, { token: adminToken });
    expect(status).toBe(404);
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
    expect(await up().db.selectFrom('system_param').select('key').where('key', '=', 'no.such.key').execute()).toEqual([]);
  });

  it('refuses a value that is too long', async () => {
    expectFields(await up().call('systemParam/update', { key: 'sms.loginSwitch', value: 'x'.repeat(2001) }, { token: adminToken }),
      { value: 'validation.tooLong' });
  });
});
