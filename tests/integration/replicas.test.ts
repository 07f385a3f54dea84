import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../upstream/db/seed';
import { launchService, type Service } from '../../upstream/service';

/**
 * Two replicas of the service on one PostgreSQL database (docs/operations.md, 'Several replicas
 * behind a load balancer'): a session opened on one is served by the other, and failed sign-ins
 * on both count towards one lock. The second replica starts with MIGRATE_ON_START=false. (That
 * two workers deliver an outbox row once and make one daily batch: push.test.ts and
 * supervision.test.ts, 'two workers'.)
 */
const url = process.env.TEST_DATABASE_URL;
const schema = `it_${randomBytes(6).toString('hex')}`;

describe.runIf(url)('two replicas on one database', () => {
  let a: Service;
  let b: Service;
  const options = { overdueRemindHour: null, loginMaxFailures: 3 };

  beforeAll(async () => {
    a = await launchService({ databaseUrl: url, schema, demo: true, options }).ready;
    b = await launchService({ databaseUrl: url, schema, demo: false, migrate: false, schemaPollMs: 100, options }).ready;
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  const call = async (service: Service, path: string, body: unknown, { token, ip = '10.1.0.1' }: { token?: string; ip?: string } = {}) => {
    const response = await service.fetch(new Request(`http://upstream/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-ip': ip, ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    }));
    return { status: response.status, body: await response.json() as { code: number; message: string; data: any } };
  };

  it('serves on one replica the session opened on the other, and ends it everywhere', async () => {
    const signedIn = await call(a, 'admin/login', { username: 'renshe', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token as string;
    expect((await call(b, 'home/overview', {}, { token })).status).toBe(200);
    expect((await call(b, 'admin/logOut', {}, { token })).status).toBe(200);
    expect((await call(a, 'home/overview', {}, { token })).status).toBe(401);
  });

  it('counts failed sign-ins on both replicas towards one lock', async () => {
    expect((await call(a, 'admin/login', { username: 'bank2', password: 'wrong-password-1' }, { ip: '10.2.0.1' })).status).toBe(403);
    expect((await call(b, 'admin/login', { username: 'bank2', password: 'wrong-password-1' }, { ip: '10.2.0.2' })).status).toBe(403);
    expect((await call(a, 'admin/login', { username: 'bank2', password: 'wrong-password-1' }, { ip: '10.2.0.3' })).status).toBe(403);
    const locked = await call(b, 'admin/login', { username: 'bank2', password: DEMO_PASSWORD }, { ip: '10.2.0.4' });
    expect(locked.status).toBe(429);
  });
});
