import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Locale } from '../../../lib/contract/auth';
import type { RoleRow, RoleState } from '../../../lib/contract/role';
import { conflict, notFound } from '../../core/errors';
import type { From } from '../../core/resource';

type Db = Kysely<Database>;

/** The columns of a role row (the table is `t`), with its holder and grant counts. */
export const selectRole = (q: From<'role'>) => q.select((eb) => [
  't.id', 't.name', 't.name_en', 't.description', 't.description_en', 't.built_in', 't.state', 't.version', 't.created_at as createTime',
  eb.selectFrom('user_role as ur').select(eb.fn.countAll<number>().as('n')).whereRef('ur.role_id', '=', 't.id').as('userCount'),
  eb.selectFrom('role_permission as rp').select(eb.fn.countAll<number>().as('n')).whereRef('rp.role_id', '=', 't.id').as('permissionCount'),
]);

interface RawRole {
  id: number; name: string; name_en: string; description: string; description_en: string; built_in: boolean; state: string; version: number; createTime: Date;
  userCount: number | string | bigint | null; permissionCount: number | string | bigint | null;
}

/** A role row with its Chinese texts shown (readRole puts them into the reader's language). */
export const toRoleRow = (row: RawRole): RoleRow => ({
  id: row.id, name: row.name, description: row.description,
  nameZh: row.name, nameEn: row.name_en, descriptionZh: row.description, descriptionEn: row.description_en,
  builtIn: row.built_in, state: row.state as RoleState,
  userCount: Number(row.userCount ?? 0), permissionCount: Number(row.permissionCount ?? 0),
  version: row.version, createTime: new Date(row.createTime).toISOString(),
});

/** A role's name and description in the reader's language: the English ones when there are, else the only ones. */
export function roleText(locale: Locale, role: { name: string; name_en: string; description: string; description_en: string }) {
  return locale === 'en'
    ? { name: role.name_en || role.name, description: role.description_en || role.description }
    : { name: role.name, description: role.description };
}

/** A role row as the reader sees it. */
export const readRole = (locale: Locale) => (row: RoleRow): RoleRow =>
  ({ ...row, ...roleText(locale, { name: row.nameZh, name_en: row.nameEn, description: row.descriptionZh, description_en: row.descriptionEn }) });

/** One role as a row; 404 when there is none. */
export async function loadRole(db: Db, id: number): Promise<RoleRow> {
  const row = await selectRole(db.selectFrom('role as t')).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('role');
  return toRoleRow(row);
}

/** The permission ids a role holds, ascending. */
export async function rolePermissionIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', roleId)
    .orderBy('permission_id').execute();
  return rows.map((r) => r.permission_id);
}

/**
 * Takes the next version of a role if the caller saw the current one (and locks the row for
 * the rest of the transaction): 404 when the role is gone, 409 when someone saved it since.
 */
export async function bumpRole(db: Db, id: number, version: number, now: Date, changes: { name?: string; description?: string; state?: RoleState } = {}) {
  const updated = await db.updateTable('role')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id).where('version', '=', version)
    .returning('id').executeTakeFirst();
  if (updated) return;
  const exists = await db.selectFrom('role').select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? conflict() : notFound('role');
}

/** What an audit entry records of a role. */
export const roleSummary = (role: RoleRow) => ({
  name: role.nameZh, nameEn: role.nameEn, description: role.descriptionZh, descriptionEn: role.descriptionEn, state: role.state, version: role.version,
});
