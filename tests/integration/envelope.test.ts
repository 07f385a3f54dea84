import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { freshIp } from './helpers';

describeUpstream('envelope and locale', (up) => {
  let bankToken: string;
  beforeAll(async () => { bankToken = await up().login('bank'); });

  const expectEnvelope = (r: { status: number; body: { code: number } }, code: number) => {
    expect(r.status).toBe(code);
    expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'message']);
    expect(r.body.code).toBe(code);
  };

  it('answers every outcome in the same envelope, with the HTTP status equal to the body code', async () => {
    expectEnvelope(await up().call('mobile/public/getSmsSwitch'), 200);
    expectEnvelope(await up().call('admin/getUserInfo'), 401);
    expectEnvelope(await up().call('systemParam/getList', {}, { token: bankToken }), 403);
    expectEnvelope(await up().call('no/such-call'), 404);
    expectEnvelope(await up().call('admin/login', {}), 422);
    expectEnvelope(await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '13966660000' }, { ip: freshIp() }), 200);
    expectEnvelope(await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '13966660000' }, { ip: freshIp() }), 429);
  });

  it('answers a call made with a method it does not take with 404', async () => {
    expectEnvelope(await up().call('businessMessage/readAll', {}, { token: bankToken, method: 'GET' }), 404);
    expectEnvelope(await up().call('health', {}, { method: 'POST' }), 404);
  });

  it('checks the session and the permission before the payload', async () => {
    const bad = { key: '', value: 'x'.repeat(3000) };
    expectEnvelope(await up().call('systemParam/update', bad), 401);
    expectEnvelope(await up().call('systemParam/update', bad, { token: bankToken }), 403);
    expectEnvelope(await up().call('systemParam/update', undefined, { token: bankToken, raw: '{oops' }), 403);
  });

  it('ignores a bad token on a public call', async () => {
    const { status, body } = await up().call('mobile/public/getSmsSwitch', {}, { token: 'garbage' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ smsSwitch: false });
  });

  it('answers in Chinese by default and for other languages', async () => {
    for (const locale of ['zh-CN', 'fr-FR,en;q=0.5', '']) {
      expect((await up().call('admin/getUserInfo', {}, { locale })).body.message).toBe('登录已失效');
    }
  });

  it('answers an English caller in English', async () => {
    const en = { locale: 'en-US,en;q=0.9,zh;q=0.8' };
    expect((await up().call('health', {}, { ...en, method: 'GET' })).body.message).toBe('success');
    expect((await up().call('admin/getUserInfo', {}, en)).body.message).toBe('Your session has ended');
    expect((await up().call('systemParam/getList', {}, { ...en, token: bankToken })).body.message).toBe('You have no permission for this operation');
    expect((await up().call('no/such-call', {}, en)).body.message).toBe('The record does not exist');
    const login = await up().call('admin/login', { username: 'bank', password: 'wrong-one-1' }, { ...en, ip: freshIp() });
    expect(login.body).toEqual({ code: 403, message: 'Incorrect username or password', data: null });
    const resend = await up().call('admin/sendSms', { purpose: 'REGISTER', mobile: '13966660000' }, { ...en, ip: freshIp() });
    expect(resend.body.message).toBe('Codes are being requested too often, please wait a moment');
  });

  it('keeps field messages as keys whatever the language, so the client translates them', async () => {
    const { body } = await up().call('admin/login', {}, { locale: 'en' });
    expect(body).toEqual({
      code: 422, message: 'The submitted data is invalid',
      data: { fields: { username: 'validation.usernameRequired', password: 'validation.passwordRequired' } },
    });
  });

  it('fills the lock-out minutes into the English text', async () => {
    for (let i = 0; i < 5; i += 1) await up().call('admin/login', { username: 'en-locked', password: 'wrong-one-1' }, { ip: freshIp() });
    const { status, body } = await up().call('admin/login', { username: 'en-locked', password: 'wrong-one-1' }, { locale: 'en', ip: freshIp() });
    expect(status).toBe(429);
    expect(body.message).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
  });
});
