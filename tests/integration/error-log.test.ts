import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { setLogSink } from '../../lib/http/log';
import { describeUpstream } from './harness';

/** A 500 that still happens: the log names an error id and the call, never the data or SQL parameters. */
describeUpstream('unexpected errors', (up) => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('logs an error id and the call path without the mobile, mail or password hash of a failed save', async () => {
    const admin = await up().login('admin');
    // The database refuses every write of the user table (as a broken migration or a full disk would).
    await sql`create or replace function refuse_user_write() returns trigger language plpgsql as $$
      begin raise exception 'write refused for %', new.mobile; end $$`.execute(up().db);
    await sql`create trigger refuse_user_write before insert or update on app_user for each row execute function refuse_user_write()`.execute(up().db);
    const lines: string[] = [];
    restore = setLogSink((line) => { lines.push(line); });
    const org = await up().db.selectFrom('organization').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { status, body } = await up().call('systemUser/saveOrUpdate', {
      username: 'leaky', nickname: 'Leaky', mobile: '13912345678', mail: 'leaky@secret.example', orgId: org.id, password: 'Secret12345',
    }, { token: admin });
    await sql`drop trigger refuse_user_write on app_user`.execute(up().db);
    expect(status).toBe(500);
    expect(body.code).toBe(500);
    const errorId = (body.data as { errorId: string }).errorId;
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    const log = lines.join('\n');
    expect(log).toContain(errorId);
    expect(log).toContain('systemUser/saveOrUpdate');
    for (const secret of ['13912345678', '1391234', 'leaky@secret.example', 'Secret12345', '$argon', '$scrypt', 'write refused']) expect(log).not.toContain(secret);
  });
});
