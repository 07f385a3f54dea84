import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from './fixtures';

/**
 * docs/api.md, 'A generated client', as a script writer follows it against the production
 * server: download the OpenAPI document with a session, generate the client with
 * swagger-typescript-api, run docs/examples/api-script.mjs (sign-in, a workbench list, an
 * action sent twice with one idempotency key, an export, an error) and read what it printed.
 */
test('a client generated from the OpenAPI document signs in, lists, acts once per key, exports and reads errors', async () => {
  test.setTimeout(120_000);
  const base = baseURL();
  const dir = resolve('.test-data', 'api-client', String(test.info().workerIndex));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const document = await fetch(`${base}/api/openapi.json`, { headers: { cookie } });
  expect(document.status).toBe(200);
  writeFileSync(join(dir, 'openapi.json'), await document.text());

  execFileSync(process.execPath, [resolve('node_modules', 'swagger-typescript-api', 'dist', 'cli.mjs'), 'generate', '--path', join(dir, 'openapi.json'), '--output', join(dir, 'client'), '--name', 'api.ts', '--js'], { stdio: 'pipe' });
  const out = execFileSync(process.execPath, [resolve('docs', 'examples', 'api-script.mjs')], {
    env: { ...process.env, BASE: base, CLIENT: join(dir, 'client', 'api.js') }, encoding: 'utf8',
  });
  const steps = Object.fromEntries(out.trim().split('\n').map((line) => JSON.parse(line)).map((s) => [s.step, s]));

  expect(steps.login).toMatchObject({ code: 200, user: 'admin' });
  expect(steps.list.code).toBe(200);
  expect(steps.list.total).toBeGreaterThan(0);
  expect(steps.action.code).toBe(200);
  expect(steps.action.retryRecordId).toBe(steps.action.recordId);
  expect(steps.back.code).toBe(200);
  expect(steps.export).toMatchObject({ status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: true });
  expect(steps.error).toMatchObject({ status: 401, code: 401 });
});
