import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../upstream/db';
import { seedReference } from '../../upstream/db/seed';
import { migrateOnStart } from '../../upstream/options';
import { launchService } from '../../upstream/service';

/**
 * Migrations as their own step (docs/operations.md, 'Migrations'): `npm run migrate` migrates and
 * seeds the reference data, and a replica started with MIGRATE_ON_START=false migrates nothing:
 * it answers 503 'starting' until the database holds every migration it knows, then serves.
 */
const root = mkdtempSync(join(tmpdir(), 'lbo-migrate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const runMigrate = (dataDir: string) =>
  spawnSync(process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('upstream', 'migrate.ts')], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

const health = (service: { fetch(request: Request): Promise<Response> }) =>
  service.fetch(new Request('http://upstream/api/mobile/public/businessHelpInfo/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));

describe('migrations as their own step', () => {
  it('reads MIGRATE_ON_START: on unless false, 0 or off', () => {
    expect(migrateOnStart({})).toBe(true);
    expect(migrateOnStart({ MIGRATE_ON_START: 'true' })).toBe(true);
    for (const value of ['false', '0', 'off', ' OFF ']) expect(migrateOnStart({ MIGRATE_ON_START: value })).toBe(false);
  });

  it('npm run migrate migrates a new database once; a replica that does not migrate then serves it', async () => {
    const dataDir = join(root, 'migrated');
    const first = runMigrate(dataDir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/\[migrate\] pglite: migrated/);
    const again = runMigrate(dataDir);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already up to date/);

    const replica = launchService({ dataDir: join(dataDir, 'pglite'), demo: false, migrate: false, options: { overdueRemindHour: null } });
    const started = await replica.ready;
    try {
      expect((await health(replica)).status).toBe(200);
    } finally {
      await started.close();
    }
  }, 120_000);

  it('a replica that does not migrate answers 503 while the database is not migrated', async () => {
    const replica = launchService({ dataDir: join(root, 'empty', 'pglite'), demo: false, migrate: false, schemaPollMs: 600_000, options: { overdueRemindHour: null } });
    expect(await replica.whenReady(1500)).toBe(false);
    const answer = await health(replica);
    expect(answer.status).toBe(503);
    expect((await answer.json()).code).toBe(503);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a waiting replica serves once another process migrated', async () => {
    const schema = `it_${randomBytes(6).toString('hex')}`;
    // The schema first (two connections creating it at once race in PostgreSQL's catalogue).
    const migrator = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema });
    const replica = launchService({ databaseUrl: process.env.TEST_DATABASE_URL, schema, demo: false, migrate: false, schemaPollMs: 100, options: { overdueRemindHour: null } });
    try {
      expect(await replica.whenReady(500)).toBe(false);
      await migrate(migrator.db);
      await seedReference(migrator.db);
      expect(await replica.whenReady(20_000)).toBe(true);
      expect((await health(replica)).status).toBe(200);
    } finally {
      await (await replica.ready).close();
      await migrator.close();
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }, 120_000);
});
