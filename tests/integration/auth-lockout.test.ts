import { beforeAll, expect, it } from 'vitest';
import { describeUpstream, type Upstream } from './harness';
import { DEMO_PASSWORD } from '../../upstream/db/seed';
import { createUser, freshIp } from './helpers';

const MAX_FAILURES = 3;
const MAX_PER_IP = 5;
const LOCK_MS = 10 * 60_000;
const KNOWN_MS = 24 * 60 * 60_000;
const ADDRESS_LIMITED = { code: 429, message: '登录失败次数过多，请核对用户名和密码，或 10 分钟后再试', data: null };
const ACCOUNT_LOCKED = { code: 429, message: '登录失败次数过多，请 10 分钟后再试', data: null };

const attempt = (up: Upstream, username: string, password: string, ip = freshIp()) =>
  up.call('admin/login', { username, password }, { ip });

/** Fails `times` times for one account, each from a new address so only the account counter grows. */
async function fail(up: Upstream, username: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    const { status } = await attempt(up, username, 'wrong-password-1');
    expect(status).toBe(403);
  }
}

describeUpstream('login lock-out', (up) => {
  beforeAll(async () => {
    for (const name of ['locked1', 'cleared1', 'ipuser1', 'ipuser2', 'victim1', 'victim2', 'victim3', 'racer1']) {
      await createUser(up().db, { username: name, password: 'secret123' });
    }
  });

  it('locks an account after the allowed failures, even for the right password', async () => {
    await fail(up(), 'locked1', MAX_FAILURES);
    const { status, body } = await attempt(up(), 'locked1', 'secret123');
    expect(status).toBe(429);
    expect(body).toEqual(ACCOUNT_LOCKED);
    // The account name is matched without regard to case.
    expect((await attempt(up(), 'LOCKED1', 'secret123')).status).toBe(429);
  });

  it('locks a name that does not exist in the same way', async () => {
    await fail(up(), 'no-such-user', MAX_FAILURES);
    const existing = await attempt(up(), 'locked1', 'whatever1');
    const missing = await attempt(up(), 'no-such-user', 'whatever1');
    expect(missing.status).toBe(429);
    expect(missing.body).toEqual(existing.body);
  });

  it('counts the remaining lock time down and ends the lock after it', async () => {
    up().clock.advance(5 * 60_000);
    expect((await attempt(up(), 'locked1', 'secret123')).body.message).toBe('登录失败次数过多，请 5 分钟后再试');
    up().clock.advance(5 * 60_000 + 1_000);
    const { status, body } = await attempt(up(), 'locked1', 'secret123');
    expect(status).toBe(200);
    expect(body.data.info.username).toBe('locked1');
  });

  it('a success clears the account counter', async () => {
    await fail(up(), 'cleared1', MAX_FAILURES - 1);
    expect((await attempt(up(), 'cleared1', 'secret123')).status).toBe(200);
    expect(await up().db.selectFrom('login_limit').select('key').where('key', '=', 'user:cleared1').execute()).toEqual([]);
    await fail(up(), 'cleared1', MAX_FAILURES - 1);
    expect((await attempt(up(), 'cleared1', 'secret123')).status).toBe(200);
  });

  it('does not lock an account before the limit', async () => {
    await fail(up(), 'ipuser2', MAX_FAILURES - 1);
    expect((await attempt(up(), 'ipuser2', 'secret123')).status).toBe(200);
  });

  it('an address flooded with failures still lets a right password in, administrators included', async () => {
    const ip = freshIp();
    for (let i = 1; i < MAX_PER_IP; i += 1) {
      expect((await attempt(up(), `spray-${i}`, 'wrong-password-1', ip)).status).toBe(403);
    }
    // From the limit on, every failure from the address says so, for unknown and known accounts alike.
    const unknown = await attempt(up(), `spray-${MAX_PER_IP}`, 'wrong-password-1', ip);
    expect(unknown).toEqual({ status: 429, body: ADDRESS_LIMITED });
    expect(await attempt(up(), 'ipuser1', 'wrong-password-1', ip)).toEqual(unknown);
    // A right password is never stopped by the address.
    const admin = await attempt(up(), 'admin', DEMO_PASSWORD, ip);
    expect(admin.status).toBe(200);
    expect(admin.body.data.info).toMatchObject({ username: 'admin', type: 0 });
    expect((await attempt(up(), 'ipuser1', 'secret123', ip)).status).toBe(200);
    // A success does not reset the address: its failures are still refused.
    expect(await attempt(up(), 'spray-x', 'wrong-password-1', ip)).toEqual(unknown);
    up().clock.advance(LOCK_MS + 1_000);
    expect((await attempt(up(), 'spray-y', 'wrong-password-1', ip)).status).toBe(403);
  });

  it('a flood on one account from many addresses locks it for strangers, not at an address it signed in from', async () => {
    const home = freshIp();
    expect((await attempt(up(), 'victim1', 'secret123', home)).status).toBe(200);
    await fail(up(), 'victim1', MAX_FAILURES);
    // A right password from an address with no failures at all is refused while the lock lasts.
    expect(await attempt(up(), 'victim1', 'secret123')).toEqual({ status: 429, body: ACCOUNT_LOCKED });
    // At home the owner signs in, and the lock still holds for everyone else.
    const atHome = await attempt(up(), 'victim1', 'secret123', home);
    expect(atHome.status).toBe(200);
    expect(atHome.body.data.info.username).toBe('victim1');
    expect((await attempt(up(), 'victim1', 'secret123')).status).toBe(429);
    // Guessing at home has its own limit.
    for (let i = 0; i < MAX_FAILURES; i += 1) expect((await attempt(up(), 'victim1', 'wrong-password-1', home)).status).toBe(403);
    expect(await attempt(up(), 'victim1', 'secret123', home)).toEqual({ status: 429, body: ACCOUNT_LOCKED });
    up().clock.advance(LOCK_MS + 1_000);
    expect((await attempt(up(), 'victim1', 'secret123')).status).toBe(200);
  });

  it('an address counts as known for a limited time after the last sign-in there', async () => {
    const home = freshIp();
    expect((await attempt(up(), 'victim2', 'secret123', home)).status).toBe(200);
    up().clock.advance(KNOWN_MS + 1_000);
    await fail(up(), 'victim2', MAX_FAILURES);
    expect(await attempt(up(), 'victim2', 'secret123', home)).toEqual({ status: 429, body: ACCOUNT_LOCKED });
  });

  it('counts a guess before checking it, so parallel guesses cannot overtake the lock', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt(up(), 'racer1', 'wrong-password-1')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - MAX_FAILURES);
    expect((await attempt(up(), 'racer1', 'secret123')).status).toBe(429);
  });

  it('counts a refused user name against the address and never fails with 500', async () => {
    const ip = freshIp();
    const refused = [
      { username: 'ad\u0000min', password: 'wrong-password-1' },
      { username: 'x'.repeat(65), password: 'wrong-password-1' },
      { username: 'vic\u0001tim3', password: 'wrong-password-1' },
    ];
    for (const body of refused) {
      const { status, body: answer } = await up().call('admin/login', body, { ip });
      expect(status).toBe(422);
      expect(Object.keys(answer.data.fields)).toEqual(['username']);
    }
    const sms = await up().call('admin/sendSms', { purpose: 'LOGIN', username: 'ad\u0000min' }, { ip });
    expect(sms.status).toBe(422);
    expect(Object.keys(sms.body.data.fields)).toEqual(['username']);
    // Four refused attempts and one wrong password reach the address limit of five.
    expect(await attempt(up(), 'victim3', 'wrong-password-1', ip)).toEqual({ status: 429, body: ADDRESS_LIMITED });
    expect((await attempt(up(), 'victim3', 'secret123', ip)).status).toBe(200);
  });

  it('stores the counters in the database, not in process memory, one per IPv6 /64 network', async () => {
    const ip = freshIp();
    await attempt(up(), 'counted-user', 'wrong-password-1', ip);
    await attempt(up(), 'counted-user', 'wrong-password-1', '2001:db8:7:8::1');
    await attempt(up(), 'counted-user', 'wrong-password-1', '2001:DB8:7:8:ffff::2');
    const rows = await up().db.selectFrom('login_limit').select(['key', 'failures'])
      .where('key', 'in', ['user:counted-user', `ip:${ip}`, 'ip:2001:db8:7:8::/64']).execute();
    expect(new Map(rows.map((r) => [r.key, r.failures]))).toEqual(new Map([['ip:2001:db8:7:8::/64', 2], [`ip:${ip}`, 1], ['user:counted-user', 3]]));
  });
}, { loginMaxFailures: MAX_FAILURES, loginMaxFailuresPerIp: MAX_PER_IP, loginLockMs: LOCK_MS, loginWindowMs: LOCK_MS, loginKnownAddressMs: KNOWN_MS });
