import { CALLS, type CallPath } from '../../lib/contract/calls';
import type { Access, Requirement } from '../../lib/contract/call';
export { accessInputs, accessOf, combinations, shapeOf } from '../../lib/contract/access-cases';
import type { Db } from '../../upstream/db';
import { methodsOf } from '../../upstream/core/dispatch';
import type { AnyCall } from '../../upstream/core/call';
import type { Upstream } from './harness';

/**
 * What the generated refusal tests (refusals.test.ts) read off the call table: the inputs that
 * decide a call's access, the ways a user can lack it, and a role holding everything else.
 */
export type Spec = AnyCall['spec'] & { scoped?: string; file?: true };
export const SPECS = Object.entries(CALLS) as [CallPath, Spec][];

/**
 * The ways a signed-in user lacks an access: without every one of a list's alternatives, or
 * (`all`) without any one of its requirements; an administrator's call is lacked by a
 * non-administrator holding everything (no requirement left out). Nothing for 'public' and 'user'.
 */
export function lacking(access: Access): Requirement[][] {
  if (access === 'public' || access === 'user') return [];
  if (access === 'admin') return [[]];
  if ('all' in access) return access.all.map((r) => [r]);
  return [Array.isArray(access) ? [...access] : [access as Requirement]];
}

export const describeMissing = (missing: Requirement[]) =>
  (missing.length ? missing.map((r) => ('permission' in r ? r.permission : r.page)).join(' | ') : 'administrator');

/** Rewrites a role to hold every menu and button but those meeting one of `missing` (the grants' version moves with it). */
export async function grantAllBut(db: Db, roleId: number, missing: Requirement[]) {
  const all = await db.selectFrom('permission').select(['id', 'kind', 'path', 'action', 'auth']).execute();
  const meets = (p: (typeof all)[number]) => missing.some((r) => ('permission' in r
    ? p.action === r.permission || p.auth === r.permission
    : p.kind === 'MENU' && p.path === r.page));
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  const kept = all.filter((p) => !meets(p));
  await db.insertInto('role_permission').values(kept.map((p) => ({ role_id: roleId, permission_id: p.id }))).execute();
}

/** Sends a call as a user (GET when it answers only GET); a file answer counts by its status alone. */
export async function send(up: Upstream, path: CallPath, spec: Spec, body: Record<string, unknown>, token: string) {
  const method = methodsOf(spec).includes('POST') ? 'POST' : 'GET';
  const response = await up.request(path, body, { token, method });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as { code: number; data: any } : null;
  return { status: response.status, text, json };
}
