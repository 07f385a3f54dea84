import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { migrate, openDatabase, type Db, type OpenDatabase } from '../../upstream/db';
import { seedDemo, seedReference, DEMO_PASSWORD } from '../../upstream/db/seed';
import { createUpstreamApp } from '../../upstream/app';
import type { UpstreamOptions } from '../../upstream/options';
import type { Envelope } from '../../lib/contract/common';
import { SNAPSHOT } from './global-setup';
import { CALLS } from '../../lib/contract/calls';

/** Every successful answer must match its call's output schema: a handler that drifts from its contract fails the test. */
function checkOutput(path: string, data: unknown) {
  const spec = (CALLS as Record<string, { output: { safeParse(v: unknown): { success: boolean; error?: unknown } }; file?: true }>)[path];
  if (!spec || spec.file) return;
  const result = spec.output.safeParse(data);
  if (!result.success) throw new Error(`${path} answered outside its output schema: ${String(result.error)}`);
}

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

interface CallOptions { token?: string; ip?: string; method?: 'GET' | 'POST'; locale?: string; raw?: string }

/** A controllable clock for expiry and lock-out tests. */
class Clock {
  private offset = 0;
  now = () => new Date(Date.now() + this.offset);
  advance(ms: number) { this.offset += ms; }
}

export interface Upstream {
  db: Db;
  clock: Clock;
  /** Where this suite's service keeps uploaded files (a folder of its own). */
  filesDir: string;
  /** The service itself, for requests `call` does not make (multipart bodies, file answers). */
  fetch(request: Request): Promise<Response>;
  call<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: Envelope<T> }>;
  /** The raw answer of a call (a file answer has no envelope). */
  request(path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  /** Signs a demo user in and returns the token. */
  login(username: string, password?: string): Promise<string>;
}

async function openBackend(backend: Backend): Promise<OpenDatabase> {
  if (backend === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
  }
  const schema = `it_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 20 });
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Runs the suite once per database backend, each on its own database (a PGlite instance
 * from the seeded snapshot, or a fresh PostgreSQL schema), against the real upstream app.
 */
export function describeUpstream(name: string, suite: (ctx: () => Upstream, backend: Backend) => void, options: Partial<UpstreamOptions> = {}) {
  for (const backend of BACKENDS) {
    describe(`${name} [${backend}]`, () => {
      let database: OpenDatabase;
      let upstream: Upstream;
      let filesDir: string | undefined;
      beforeAll(async () => {
        database = await openBackend(backend);
        const clock = new Clock();
        filesDir = mkdtempSync(join(tmpdir(), 'lbo-files-'));
        const app = createUpstreamApp(database.db, { filesDir, ...options, now: clock.now });
        const request: Upstream['request'] = async (path, body = {}, o = {}) => {
          const method = o.method ?? 'POST';
          const url = new URL(`http://upstream/api/${path}`);
          if (method === 'GET') for (const [k, v] of Object.entries(body as object)) url.searchParams.set(k, String(v));
          return app.fetch(new Request(url, {
            method,
            headers: {
              'content-type': 'application/json',
              'accept-language': o.locale ?? 'zh-CN',
              'x-client-ip': o.ip ?? '10.0.0.1',
              ...(o.token ? { token: o.token } : {}),
            },
            ...(method === 'POST' ? { body: o.raw ?? JSON.stringify(body) } : {}),
          }));
        };
        const call: Upstream['call'] = async (path, body = {}, o = {}) => {
          const response = await request(path, body, o);
          const answer = await response.json() as Envelope<any>;
          if (answer.code === 200) checkOutput(path, answer.data);
          return { status: response.status, body: answer };
        };
        const login = async (username: string, password = DEMO_PASSWORD) => {
          const { body } = await call('admin/login', { username, password }, { ip: `10.9.${Math.floor(Math.random() * 250)}.1` });
          if (body.code !== 200) throw new Error(`login ${username} failed: ${body.message}`);
          return body.data.token as string;
        };
        upstream = { db: database.db, clock, filesDir, fetch: async (raw) => app.fetch(raw), call, request, login };
      });
      afterAll(async () => {
        await database?.close();
        if (filesDir) rmSync(filesDir, { recursive: true, force: true });
      });
      suite(() => upstream, backend);
    });
  }
}
