import { beforeAll, expect, it } from 'vitest';
import { describeUpstream, type Upstream } from './harness';
import { createUser, freshIp } from './helpers';

const MAX_FAILURES = 3;
const MAX_PER_IP = 5;
const LOCK_MS = 10 * 60_000;

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
    for (const name of ['locked1', 'cleared1', 'ipuser1', 'ipuser2']) await createUser(up().db, { username: name, password: 'secret123' });
  });

  it('locks an account after the allowed failures, even for the right password', async () => {
    await fail(up(), 'locked1', MAX_FAILURES);
    const { status, body } = await attempt(up(), 'locked1', 'secret123');
    expect(status).toBe(429);
    expect(body).toEqual({ code: 429, message: '登录失败次数过多，请 10 分钟后再试', data: null });
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

  it('locks a client address after failures across different usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_IP; i += 1) {
      const { status } = await attempt(up(), `spray-${i}`, 'wrong-password-1', ip);
      expect(status).toBe(403);
    }
    const fromLockedIp = await attempt(up(), 'ipuser1', 'secret123', ip);
    expect(fromLockedIp.status).toBe(429);
    expect(fromLockedIp.body.message).toBe('登录失败次数过多，请 10 分钟后再试');
    // The account itself is not locked: from another address it signs in.
    expect((await attempt(up(), 'ipuser1', 'secret123')).status).toBe(200);
    up().clock.advance(LOCK_MS + 1_000);
    expect((await attempt(up(), 'ipuser1', 'secret123', ip)).status).toBe(200);
  });

  it('stores the counters in the database, not in process memory', async () => {
    const ip = freshIp();
    await attempt(up(), 'counted-user', 'wrong-password-1', ip);
    const rows = await up().db.selectFrom('login_limit').select(['key', 'failures'])
      .where('key', 'in', ['user:counted-user', `ip:${ip}`]).orderBy('key').execute();
    expect(rows).toEqual([{ key: `ip:${ip}`, failures: 1 }, { key: 'user:counted-user', failures: 1 }]);
  });
}, { loginMaxFailures: MAX_FAILURES, loginMaxFailuresPerIp: MAX_PER_IP, loginLockMs: LOCK_MS, loginWindowMs: LOCK_MS });
