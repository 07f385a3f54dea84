import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { launchService, type Service, type StartOptions } from '../../upstream/service';
import { createBff } from '../../lib/bff/handler';
import { createTransport, inProcessService } from '../../lib/bff/transport';
import { parseConfig, type Config } from '../../lib/config';
import { BACKENDS } from './harness';

/** The longest a timer waited beyond its time while `run` ran: how long the event loop was held. */
async function maxTimerLag<T>(run: () => Promise<T>): Promise<{ result: T; lag: number }> {
  let lag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
  }, 10);
  try {
    return { result: await run(), lag };
  } finally {
    clearInterval(timer);
  }
}

const health = (locale = 'zh-CN') => new Request('http://upstream/api/health', { headers: { 'accept-language': locale } });
const login = () => new Request('http://upstream/api/admin/login', {
  method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '10.3.0.1' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
});

const temporary: string[] = [];
afterAll(() => { for (const dir of temporary) rmSync(dir, { recursive: true, force: true }); });
const tempDir = () => { const dir = mkdtempSync(join(tmpdir(), 'lbo-ready-')); temporary.push(dir); return dir; };

async function dropSchema(schema: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

for (const backend of BACKENDS) {
  describe(`the service while it starts on a new database [${backend}]`, () => {
    it('answers 503 in the envelope until migrated and seeded, keeps the event loop turning, then serves calls', async () => {
      const schema = `it_${randomBytes(6).toString('hex')}`;
      const database: StartOptions = backend === 'pglite'
        ? { dataDir: join(tempDir(), 'pglite'), demo: true }
        : { databaseUrl: process.env.TEST_DATABASE_URL, schema, demo: true };
      const launched = performance.now();
      const service = launchService({ ...database, options: { overdueRemindHour: null, filesDir: tempDir() } });
      try {
        const { result: ready, lag } = await maxTimerLag(async () => {
          const early = await service.fetch(health());
          expect(early.status).toBe(503);
          expect(await early.json()).toEqual({ code: 503, message: '服务正在启动，请稍后重试', data: null });
          expect(await (await service.fetch(health('en'))).json()).toMatchObject({ code: 503, message: 'The service is starting, please try again shortly' });
          const refused = await service.fetch(login());
          expect(refused.status).toBe(503);
          return service.whenReady(90_000);
        });
        expect(ready).toBe(true);
        // Opening, migrating and seeding gave timers (and requests) a turn throughout: no hold of
        // a second, or of a quarter of the start on a machine so busy that the start takes long.
        expect(lag).toBeLessThan(Math.max(1000, (performance.now() - launched) / 4));
        expect((await service.fetch(health())).status).toBe(200);
        expect((await (await service.fetch(login())).json()).code).toBe(200);
        expect(await service.whenReady(0)).toBe(true);
      } finally {
        await (await service.ready.catch(() => null))?.close();
        if (backend === 'postgres') await dropSchema(schema);
      }
    }, 120_000);
  });
}

describe('the BFF over the in-process service on a new data directory', () => {
  it('answers a call that comes before the service is ready with 503 in the envelope, never 500, and serves it once ready', async () => {
    const config: Config = { ...parseConfig({ DATA_DIR: tempDir(), UPSTREAM_TIMEOUT_MS: '300' }), sessionSecret: 's'.repeat(40) };
    const remindHour = process.env.OVERDUE_REMIND_HOUR;
    process.env.OVERDUE_REMIND_HOUR = 'off';
    const bff = createBff({ config, transport: createTransport(config) });
    const signIn = async () => {
      const request = new NextRequest('http://app.test/api/admin/login', {
        method: 'POST', headers: { 'content-type': 'application/json', host: 'app.test' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
      });
      const response = await bff(request, ['admin', 'login']);
      return { status: response.status, body: await response.json() };
    };
    try {
      const first = await signIn();
      expect(first.status).toBe(503);
      expect(first.body).toEqual({ code: 503, message: '服务正在启动，请稍后重试！', data: null });
      const seen = new Set<number>([first.status]);
      let answer = first;
      for (const started = Date.now(); answer.status !== 200 && Date.now() - started < 90_000;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await signIn();
        seen.add(answer.status);
      }
      expect(answer.body.code).toBe(200);
      expect([...seen].sort()).toEqual([200, 503]);
    } finally {
      await ((await (await inProcessService(config)).ready) as Service).close();
      if (remindHour === undefined) delete process.env.OVERDUE_REMIND_HOUR;
      else process.env.OVERDUE_REMIND_HOUR = remindHour;
    }
  }, 120_000);
});
