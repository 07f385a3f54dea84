import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { launchService } from '../../upstream/service';
import { SNAPSHOT } from './global-setup';

/**
 * `npm run backup` and `npm run restore` on a real embedded data directory: what is backed up
 * comes back in a fresh DATA_DIR, where the product starts and a user signs in; the sessions
 * open when the backup was taken end.
 */
const root = mkdtempSync(join(tmpdir(), 'lbo-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [join('scripts', script), ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: '' } });

async function sourceDataDir(dir: string) {
  mkdirSync(join(dir, 'pglite'), { recursive: true });
  const pglite = await PGlite.create(join(dir, 'pglite'), { loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
  await pglite.query(`update app_user set nickname = 'Backed-up admin' where username = 'admin'`);
  await pglite.close();
  mkdirSync(join(dir, 'files', 'ab'), { recursive: true });
  writeFileSync(join(dir, 'files', 'ab', 'stored-file'), 'uploaded bytes');
}

async function signIn(dataDir: string) {
  const service = launchService({ dataDir: join(dataDir, 'pglite'), demo: true, options: { filesDir: join(dataDir, 'files'), overdueRemindHour: null } });
  const started = await service.ready;
  try {
    const response = await service.fetch(new Request('http://upstream/api/admin/login', {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '10.0.0.1' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    }));
    const body = await response.json() as { code: number; data: { token?: string } };
    const admin = await started.database.db.selectFrom('app_user').select('nickname').where('username', '=', 'admin').executeTakeFirstOrThrow();
    return { code: body.code, token: body.data.token, nickname: admin.nickname };
  } finally {
    await started.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const source = join(root, 'source');
  const backup = join(root, 'backup');
  const target = join(root, 'target');

  it('backs up the database and the files, then restores them into a fresh DATA_DIR where admin signs in', async () => {
    await sourceDataDir(source);
    const before = await signIn(source); // a session open when the backup is taken
    expect(before.code).toBe(200);
    const made = run('backup.mjs', ['--data-dir', source, '--out', backup]);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ kind: 'lbo-embedded-backup', files: 1, database: { file: 'pglite.tar.gz' } });
    expect(manifest.database.users).toBeGreaterThan(5);

    const restored = run('restore.mjs', [backup, '--data-dir', target]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/[1-9]\d* sessions ended/);
    const pglite = await PGlite.create(join(target, 'pglite'));
    const open = (await pglite.query<{ open: number }>('select count(*)::int as open from auth_token where revoked_at is null')).rows[0]?.open;
    await pglite.close();
    expect(open).toBe(0);
    expect(readFileSync(join(target, 'files', 'ab', 'stored-file'), 'utf8')).toBe('uploaded bytes');
    const session = await signIn(target);
    expect(session.code).toBe(200);
    expect(session.token).toBeTruthy();
    expect(session.nickname).toBe('Backed-up admin');
  }, 180_000);

  it('refuses to overwrite a database without --force, and a damaged backup', () => {
    const again = run('restore.mjs', [backup, '--data-dir', target]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a database');
    const damaged = join(root, 'damaged');
    mkdirSync(damaged);
    writeFileSync(join(damaged, 'manifest.json'), readFileSync(join(backup, 'manifest.json')));
    writeFileSync(join(damaged, 'pglite.tar.gz'), Buffer.from('not the dump'));
    const broken = run('restore.mjs', [damaged, '--data-dir', join(root, 'elsewhere')]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('checksum');
    expect(existsSync(join(root, 'elsewhere', 'pglite'))).toBe(false);
  });

  it('refuses to copy a data directory a running server holds', async () => {
    const service = launchService({ dataDir: join(source, 'pglite'), demo: false, options: { overdueRemindHour: null } });
    const started = await service.ready;
    try {
      const refused = run('backup.mjs', ['--data-dir', source, '--out', join(root, 'while-running')]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`pid ${process.pid}`);
      expect(refused.stderr).toContain('stop it first');
    } finally {
      await started.close();
    }
    expect(existsSync(join(source, 'pglite.lock'))).toBe(false);
  }, 120_000);
});
