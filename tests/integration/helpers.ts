import { sql } from 'kysely';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { expect } from 'vitest';
import type { Db } from '../../upstream/db';
import type { Database } from '../../upstream/db/schema';
import { hashPassword } from '../../upstream/core/crypto';
import type { Upstream } from './harness';

let ipSeq = 0;
/** A client address no other test has used (rate limits are counted per address). */
export const freshIp = () => { ipSeq += 1; return `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`; };

export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUser { username: string; password: string; type?: number; mobile?: string | null; state?: 'ENABLED' | 'DISABLED' | 'WRITTEN_OFF' }

/** Inserts an account straight into the database (there is no user-admin call in the foundation yet). */
export async function createUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('app_user').values({
    org_id: null, username: user.username, nickname: `${user.username}-nick`, mobile: user.mobile ?? null,
    mail: `${user.username}@test.example`, type: user.type ?? 1, state: user.state ?? 'ENABLED',
    password_hash: await hashPassword(user.password), locale: null, updated_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(db: Db, username: string): Promise<number> {
  return (await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** The code of the newest SMS written to the outbox for a mobile (the outbox row is the send: no gateway). */
export async function lastSmsCode(db: Db, mobile: string): Promise<string> {
  const row = await db.selectFrom('sms_outbox').select('content').where('mobile', '=', mobile)
    .orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.content)?.[1];
  if (!code) throw new Error(`no 6-digit code in outbox content: ${row.content}`);
  return code;
}

/** A six-digit code that is certainly not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Turns the login SMS switch on or off through the admin call, as an operator would. */
export async function setSmsSwitch(up: Upstream, adminToken: string, on: boolean) {
  const { body } = await up.call('systemParam/update', { key: 'sms.loginSwitch', value: on ? '1' : '0' }, { token: adminToken });
  expect(body.code).toBe(200);
}

/** Asks for a code and returns it as read from the outbox. */
export async function requestRegisterCode(up: Upstream, mobile: string, ip = freshIp()): Promise<string> {
  const { body } = await up.call('admin/sendSms', { purpose: 'REGISTER', mobile }, { ip });
  expect(body).toMatchObject({ code: 200, data: { sent: true } });
  return lastSmsCode(up.db, mobile);
}

let idSerial = 0;
/**
 * A valid ID number of its own within the test file (sequence codes 300-999: never the simulated
 * sources' special ones), born in `year`: a person in no other case, as one live case per person needs.
 */
export function newIdNumber(year = 1990): string {
  idSerial += 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  const first17 = `430102${year}${pad(1 + (Math.floor(idSerial / 700) % 12))}${pad(1 + (idSerial % 28))}${300 + (idSerial % 700)}`;
  return first17 + idCheckDigit(first17);
}

/** Asserts a 422 answer carrying exactly these field messages. */
export function expectFields(response: { status: number; body: { code: number; data: unknown } }, fields: Record<string, string>) {
  expect(response.status).toBe(422);
  expect(response.body.code).toBe(422);
  expect(response.body.data).toEqual({ fields });
}

/** Id of an organisation by its exact name (the demo ones, or one a test made). */
export async function orgIdOf(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/**
 * A signed-in staff account of an organisation whose own role holds the given menu pages and
 * `module::action` buttons (with every ancestor node), written straight into the database.
 */
export async function staffIn(up: Upstream, username: string, orgId: number | null, grant: { pages?: string[]; buttons?: string[] }) {
  const password = 'staff1234';
  const id = await createUser(up.db, { username, password });
  await up.db.updateTable('app_user').set({ org_id: orgId }).where('id', '=', id).execute();
  const role = await up.db.insertInto('role').values({ name: `${username}-role`, updated_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const all = await up.db.selectFrom('permission').select(['id', 'parent_id', 'path', 'action']).execute();
  const parent = new Map(all.map((p) => [p.id, p.parent_id]));
  const granted = new Set<number>();
  for (const p of all) {
    if (!(p.path && grant.pages?.includes(p.path)) && !(p.action && grant.buttons?.includes(p.action))) continue;
    for (let node: number | null | undefined = p.id; node != null; node = parent.get(node)) granted.add(node);
  }
  if (granted.size) await up.db.insertInto('role_permission').values([...granted].map((permissionId) => ({ role_id: role.id, permission_id: permissionId }))).execute();
  await up.db.insertInto('user_role').values({ user_id: id, role_id: role.id }).execute();
  return { id, roleId: role.id, token: await up.login(username, password) };
}

/** A fingerprint of every table: row count and newest row version; the sign-in counters and tokens are the guard's own. */
export async function fingerprint(up: Upstream): Promise<string> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('login_limit', 'auth_token')
    order by table_name`.execute(up.db);
  // One statement for all tables: a call's check costs one round trip, not one a table.
  const { rows } = await sql<{ part: string }>`${sql.join(tables.rows.map(({ name }) =>
    sql`select ${name} || ':' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as part from ${sql.table(name)}`), sql` union all `)}`.execute(up.db);
  return rows.map((row) => row.part).sort().join(',');
}
