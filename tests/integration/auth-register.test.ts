import { expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, freshIp, otherCode, requestRegisterCode } from './helpers';

const PASSWORD = 'abc12345';

describeUpstream('admin/register', (up) => {
  const register = (body: object, locale?: string) => up().call('admin/register', body, { ip: freshIp(), ...(locale ? { locale } : {}) });
  const usersNamed = (mail: string) => up().db.selectFrom('app_user').select('id').where('mail', '=', mail).execute();
  const codeOf = (mobile: string) => up().db.selectFrom('sms_code').select(['attempts', 'consumed_at'])
    .where('mobile', '=', mobile).where('purpose', '=', 'REGISTER').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('registers with a REGISTER code and signs the new user in', async () => {
    const mobile = '13955550001';
    const captcha = await requestRegisterCode(up(), mobile);
    const { status, body } = await register({ mail: ' New.User@Example.com ', password: PASSWORD, mobile, captcha });
    expect(status).toBe(200);
    expect(body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.info).toMatchObject({ username: 'new.user@example.com', nickname: 'new.user', type: 1, mobile, mail: 'new.user@example.com', orgId: null });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|abc12345/);

    const me = await up().call('admin/getUserInfo', {}, { token: body.data.token });
    expect(me.body.data.username).toBe('new.user@example.com');
    const role = await up().db.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id').select('r.name')
      .where('ur.user_id', '=', body.data.info.id).execute();
    expect(role).toEqual([{ name: '注册用户' }]);

    const login = await up().call('admin/login', { username: 'NEW.USER@example.com', password: PASSWORD }, { ip: freshIp() });
    expect(login.body.code).toBe(200);
    expect(login.body.data.info.id).toBe(body.data.info.id);
    // The code was used up.
    expect((await codeOf(mobile)).consumed_at).not.toBeNull();
  });

  it('records the caller language as the new user locale', async () => {
    const mobile = '13955550002';
    const captcha = await requestRegisterCode(up(), mobile);
    const { body } = await register({ mail: 'english@example.com', password: PASSWORD, mobile, captcha }, 'en');
    expect(body.message).toBe('success');
    expect(body.data.info.locale).toBe('en');
  });

  it('with the right code, refuses a mail already in use; each refusal costs the code an attempt', async () => {
    const mobile = '13955550003';
    const captcha = await requestRegisterCode(up(), mobile);
    const users = await countRows(up().db, 'app_user');
    for (const mail of ['admin@example.com', 'NEW.USER@EXAMPLE.COM']) {
      expectFields(await register({ mail, password: PASSWORD, mobile, captcha }), { mail: 'validation.mailTaken' });
    }
    expect(await countRows(up().db, 'app_user')).toBe(users);
    expect(await codeOf(mobile)).toEqual({ attempts: 2, consumed_at: null });
    // The same code still registers a free mail.
    expect((await register({ mail: 'free-after-taken@example.com', password: PASSWORD, mobile, captcha })).body.code).toBe(200);
  });

  it('with the right code, refuses a mobile already in use', async () => {
    const users = await countRows(up().db, 'app_user');
    up().clock.advance(61_000);
    for (const mobile of ['13800000001', '13955550001']) {
      const captcha = await requestRegisterCode(up(), mobile);
      expectFields(await register({ mail: `fresh-${mobile}@example.com`, password: PASSWORD, mobile, captcha }), { mobile: 'validation.mobileTaken' });
    }
    expect(await countRows(up().db, 'app_user')).toBe(users);
  });

  it('answers a wrong or missing code alike whether the mobile or the mail is taken or free', async () => {
    up().clock.advance(61_000);
    const cases = [
      { mail: 'probe-1@example.com', mobile: '13800000002' },
      { mail: 'probe-2@example.com', mobile: '13955550011' },
      { mail: 'renshe@example.com', mobile: '13955550012' },
    ];
    const wrong = [];
    for (const c of cases) {
      const captcha = await requestRegisterCode(up(), c.mobile);
      wrong.push(await register({ ...c, password: PASSWORD, captcha: otherCode(captcha) }));
    }
    for (const answer of wrong) expect(answer).toEqual(wrong[1]);
    expectFields(wrong[1]!, { captcha: 'validation.captchaWrong' });
    // No code sent to the mobile at all: the same answer for the taken mobile and a free one.
    const noCodeTaken = await register({ mail: 'probe-3@example.com', mobile: '13800000004', password: PASSWORD, captcha: '123456' });
    const noCodeFree = await register({ mail: 'probe-4@example.com', mobile: '13955550013', password: PASSWORD, captcha: '123456' });
    expect(noCodeTaken).toEqual(noCodeFree);
    expectFields(noCodeFree, { captcha: 'validation.captchaExpired' });
  });

  it('a code spent on refusals for taken values is dead, so one code cannot probe many mails', async () => {
    const mobile = '13955550014';
    const captcha = await requestRegisterCode(up(), mobile);
    for (const name of ['admin', 'renshe', 'guarantee', 'bank', 'renshe2']) {
      expectFields(await register({ mail: `${name}@example.com`, password: PASSWORD, mobile, captcha }), { mail: 'validation.mailTaken' });
    }
    expectFields(await register({ mail: 'bank2@example.com', password: PASSWORD, mobile, captcha }), { captcha: 'validation.captchaExpired' });
  });

  it('refuses a wrong captcha and creates nobody', async () => {
    const mobile = '13955550004';
    const captcha = await requestRegisterCode(up(), mobile);
    expectFields(await register({ mail: 'wrong-code@example.com', password: PASSWORD, mobile, captcha: otherCode(captcha) }), { captcha: 'validation.captchaWrong' });
    expect(await usersNamed('wrong-code@example.com')).toEqual([]);
    expect((await codeOf(mobile)).attempts).toBe(1);
  });

  it('refuses a captcha when no code was sent to that mobile', async () => {
    expectFields(await register({ mail: 'no-code@example.com', password: PASSWORD, mobile: '13955550009', captcha: '123456' }), { captcha: 'validation.captchaExpired' });
  });

  it.each([
    ['abc123', 'validation.passwordLength'],
    ['abc123'.repeat(4), 'validation.passwordLength'],
    ['abcdefghij', 'validation.passwordMix'],
    ['1234567890', 'validation.passwordMix'],
    ['abc 12345', 'validation.passwordMix'],
  ])('applies the password policy to %s', async (password, key) => {
    expectFields(await register({ mail: 'policy@example.com', password, mobile: '13955550006', captcha: '123456' }), { password: key });
  });

  it.each([
    [{ mail: 'not-an-email' }, { mail: 'validation.mailFormat' }],
    [{ mail: 'a@b' }, { mail: 'validation.mailFormat' }],
    [{ mobile: '23800000000' }, { mobile: 'validation.mobileFormat' }],
    [{ mobile: '1380000000' }, { mobile: 'validation.mobileFormat' }],
    [{ mobile: '138000000001' }, { mobile: 'validation.mobileFormat' }],
    [{ mobile: '1380000000a' }, { mobile: 'validation.mobileFormat' }],
    [{ captcha: '  ' }, { captcha: 'validation.captchaRequired' }],
  ])('refuses %j with the exact validation key', async (override, fields) => {
    expectFields(await register({ mail: 'shape@example.com', password: PASSWORD, mobile: '13955550007', captcha: '123456', ...override }), fields);
  });

  it('names every missing field of an empty payload', async () => {
    expectFields(await register({}), {
      mail: 'validation.mailRequired', password: 'validation.passwordRequired',
      mobile: 'validation.mobileRequired', captcha: 'validation.captchaRequired',
    });
  });
});
