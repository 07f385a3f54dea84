import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { DEMO_PASSWORD } from '../../upstream/db/seed';
import { countRows, createUser, expectFields, freshIp, lastSmsCode, otherCode, requestRegisterCode, setSmsSwitch } from './helpers';

const MAX_ATTEMPTS = 3;
const PER_IP_PER_HOUR = 3;
const ADMIN_MOBILE = '13800000000';

describeUpstream('SMS codes', (up) => {
  let adminToken: string;
  let bankToken: string;
  const smsSwitch = async () => (await up().call('mobile/public/getSmsSwitch', {}, { method: 'GET' })).body.data;
  const login = (code?: string, username = 'admin') =>
    up().call('admin/login', { username, password: DEMO_PASSWORD, ...(code === undefined ? {} : { code }) }, { ip: freshIp() });
  /** Waits out the resend interval, asks for a login code for admin and reads it from the outbox. */
  const freshLoginCode = async () => {
    up().clock.advance(61_000);
    const { body } = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'admin' }, { ip: freshIp() });
    expect(body).toEqual({ code: 200, message: '操作成功', data: { sent: true } });
    return lastSmsCode(up().db, ADMIN_MOBILE);
  };
  const liveCode = () => up().db.selectFrom('sms_code').select(['attempts', 'consumed_at'])
    .where('mobile', '=', ADMIN_MOBILE).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    adminToken = await up().login('admin');
    bankToken = await up().login('bank');
    await createUser(up().db, { username: 'nomobile', password: DEMO_PASSWORD, mobile: null });
  });

  it('the switch follows the system parameter, which only an admin may change', async () => {
    expect(await smsSwitch()).toEqual({ smsSwitch: false });
    const refused = await up().call('systemParam/update', { key: 'sms.loginSwitch', value: '1' }, { token: bankToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限执行该操作');
    expect(await smsSwitch()).toEqual({ smsSwitch: false });
    await setSmsSwitch(up(), adminToken, true);
    expect(await smsSwitch()).toEqual({ smsSwitch: true });
    const audit = await up().db.selectFrom('audit_log').select('action').where('target_id', '=', 'sms.loginSwitch').execute();
    expect(audit).toEqual([{ action: 'systemParam.update' }]);
  });

  it('with the switch on, a login without a code is refused on the code field and issues no token', async () => {
    const tokens = await countRows(up().db, 'auth_token');
    expectFields(await login(), { code: 'validation.captchaRequired' });
    expect(await countRows(up().db, 'auth_token')).toBe(tokens);
    // A wrong password is still a plain login failure.
    const wrong = await up().call('admin/login', { username: 'admin', password: 'nope-nope-1', code: '123456' }, { ip: freshIp() });
    expect(wrong.body.message).toBe('用户名或密码错误');
  });

  it('an account without a mobile cannot sign in while the switch is on', async () => {
    const { status, body } = await login('123456', 'nomobile');
    expect(status).toBe(403);
    expect(body.message).toBe('账号未绑定手机号，无法接收验证码，请联系管理员');
  });

  it('a wrong code is refused and counted; after the limit even the right code is refused', async () => {
    const code = await freshLoginCode();
    expect(code).toMatch(/^\d{6}$/);
    for (let i = 1; i <= MAX_ATTEMPTS; i += 1) {
      expectFields(await login(otherCode(code)), { code: 'validation.captchaWrong' });
      expect((await liveCode()).attempts).toBe(i);
    }
    expectFields(await login(code), { code: 'validation.captchaExpired' });
    expect((await liveCode()).consumed_at).toBeNull();
  });

  it('a right code signs in once only', async () => {
    const code = await freshLoginCode();
    const { body } = await login(` ${code} `);
    expect(body.code).toBe(200);
    expect(body.data.info.username).toBe('admin');
    expect((await liveCode()).consumed_at).not.toBeNull();
    expectFields(await login(code), { code: 'validation.captchaExpired' });
  });

  it('an expired code is refused', async () => {
    const code = await freshLoginCode();
    up().clock.advance(5 * 60_000 + 1_000);
    expectFields(await login(code), { code: 'validation.captchaExpired' });
  });

  it('a login code request answers the same for an unknown account and sends nothing', async () => {
    const outbox = await countRows(up().db, 'sms_outbox');
    const unknown = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'no-such-account' }, { ip: freshIp() });
    expect(await countRows(up().db, 'sms_outbox')).toBe(outbox);
    up().clock.advance(61_000);
    const known = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'admin' }, { ip: freshIp() });
    expect(await countRows(up().db, 'sms_outbox')).toBe(outbox + 1);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // A repeat within the resend interval also answers the same, without a second send.
    const repeat = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'admin' }, { ip: freshIp() });
    expect(repeat.body).toEqual(known.body);
    expect(await countRows(up().db, 'sms_outbox')).toBe(outbox + 1);
  });

  it('validates the code request', async () => {
    expectFields(await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '2380000000' }), { mobile: 'validation.mobileFormat' });
    expectFields(await up().call('admin/sendSms', { purpose: 'LOGIN' }), { username: 'validation.usernameRequired' });
    expect((await up().call('admin/sendSms', { purpose: 'RESET', mobile: '13900000000' })).status).toBe(422);
  });

  it('refuses a second registration code for the same mobile within 60 seconds', async () => {
    await requestRegisterCode(up(), '13911110000');
    const outbox = await countRows(up().db, 'sms_outbox');
    const again = await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '13911110000' }, { ip: freshIp() });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 429, message: '验证码发送过于频繁，请稍后再试', data: null });
    expect(await countRows(up().db, 'sms_outbox')).toBe(outbox);
    up().clock.advance(61_000);
    await requestRegisterCode(up(), '13911110000');
  });

  it('limits the codes sent per client address per hour, for every purpose alike', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP_PER_HOUR; i += 1) await requestRegisterCode(up(), `1392222000${i}`, ip);
    const outbox = await countRows(up().db, 'sms_outbox');
    const over = await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '13922220009' }, { ip });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, message: '验证码发送次数过多，请一小时后再试', data: null });
    up().clock.advance(61_000);
    const known = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'admin' }, { ip });
    const unknown = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'no-such-account' }, { ip });
    expect(known.body).toEqual(over.body);
    expect(unknown.body).toEqual(over.body);
    expect(await countRows(up().db, 'sms_outbox')).toBe(outbox);
    up().clock.advance(60 * 60_000);
    await requestRegisterCode(up(), '13922220009', ip);
  });
}, { smsMaxAttempts: MAX_ATTEMPTS, smsPerIpPerHour: PER_IP_PER_HOUR });
