import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { User } from '../../db/schema';
import type { UserOrder, UserRow, UserRoleRef, UserState } from '../../../lib/contract/user';
import { containsPattern } from '../../core/like';
import type { Scope } from './organiza-nodes';
import type { Locale } from '../../../lib/contract/auth';
import { roleText } from './role-store';

/** 138****5678 (DESIGN.md section 4); anything not an 11-digit mobile is shown as it is. */
export const maskMobile = (mobile: string | null) =>
  mobile && mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;

/** A user record as written to the audit log: everything but the password hash. */
export const auditView = ({ password_hash: _hash, ...rest }: User) => rest;

export interface UserFilter {
  scope: Scope;
  /** The reader's language, for the role names. */
  locale: Locale;
  ids?: number[];
  /** Users of these organisations (an organisation filter with its subtree). */
  orgIds?: number[];
  username?: string;
  nickname?: string;
  mobile?: string;
  state?: UserState;
}

/** Users matching a filter, limited to those whose organisation is in the caller's scope. */
function userQuery(db: Db, filter: UserFilter) {
  return db.selectFrom('app_user as u').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.scope !== null) conditions.push(filter.scope.length ? eb('u.org_id', 'in', filter.scope) : eb.lit(false));
    if (filter.ids) conditions.push(filter.ids.length ? eb('u.id', 'in', filter.ids) : eb.lit(false));
    if (filter.orgIds) conditions.push(filter.orgIds.length ? eb('u.org_id', 'in', filter.orgIds) : eb.lit(false));
    if (filter.username) conditions.push(eb('u.username', 'ilike', containsPattern(filter.username)));
    if (filter.nickname) conditions.push(eb('u.nickname', 'ilike', containsPattern(filter.nickname)));
    if (filter.mobile) conditions.push(eb('u.mobile', 'like', containsPattern(filter.mobile)));
    if (filter.state) conditions.push(eb('u.state', '=', filter.state));
    return eb.and(conditions);
  });
}

export async function countUsers(db: Db, filter: UserFilter): Promise<number> {
  const row = await userQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of user rows: one query for the rows (with the organisation name and the last
 * sign-in), one for the roles of exactly those users.
 */
export async function userRows(db: Db, filter: UserFilter, page?: { limit: number; offset: number; order?: UserOrder }): Promise<UserRow[]> {
  const order = page?.order ?? '-createTime';
  const direction = order.startsWith('-') ? 'desc' : 'asc';
  let query = userQuery(db, filter)
    .leftJoin('organization as o', 'o.id', 'u.org_id')
    .select((eb) => [
      'u.id', 'u.username', 'u.nickname', 'u.mobile', 'u.mail', 'u.org_id as orgId', 'o.name as orgName',
      'u.type', 'u.state', 'u.version', 'u.created_at as createTime',
      eb.selectFrom('auth_token as t').select((t) => t.fn.max('t.created_at').as('at')).whereRef('t.user_id', '=', 'u.id').as('lastLoginTime'),
    ]);
  query = order.endsWith('username')
    ? query.orderBy((eb) => eb.fn('lower', ['u.username']), direction)
    : query.orderBy('u.created_at', direction).orderBy('u.id', direction);
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  const roles = await rolesOf(db, rows.map((r) => r.id), filter.locale);
  return rows.map((row) => ({
    ...row,
    mobile: maskMobile(row.mobile),
    roles: roles.get(row.id) ?? [],
    createTime: new Date(row.createTime).toISOString(),
    lastLoginTime: row.lastLoginTime ? new Date(row.lastLoginTime).toISOString() : null,
  }));
}

/** The roles of the given users, named in the reader's language, in one query. */
async function rolesOf(db: Db, userIds: number[], locale: Locale): Promise<Map<number, UserRoleRef[]>> {
  const byUser = new Map<number, UserRoleRef[]>();
  if (!userIds.length) return byUser;
  const rows = await db.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id as userId', 'r.id', 'r.name', 'r.name_en', 'r.description', 'r.description_en']).where('ur.user_id', 'in', userIds).orderBy('r.id').execute();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, name: roleText(locale, row).name }]);
  return byUser;
}

/** The row of one user (no scope check: the caller has made it). */
export async function userRow(db: Db, id: number, locale: Locale): Promise<UserRow> {
  const [row] = await userRows(db, { scope: null, locale, ids: [id] });
  return row!;
}
