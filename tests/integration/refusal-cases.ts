import type { z } from 'zod';
import { CALLS, type CallPath } from '../../lib/contract/calls';
import type { Access, Requirement } from '../../lib/contract/call';
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

interface Def { type?: string; innerType?: unknown; out?: unknown; entries?: Record<string, unknown>; shape?: Record<string, z.ZodType> }
const defOf = (s: unknown) => (s as { _zod?: { def?: Def } })._zod?.def;

/** The values of an enum field (through optional, default and preprocess wrappers), else none. */
function enumValues(schema: unknown): unknown[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return enumValues(def.innerType);
  if (def.type === 'pipe') return enumValues(def.out);
  return [];
}

/** The fields of a call's input (an object, or a refined object). */
export function shapeOf(spec: Spec): Record<string, z.ZodType> {
  const def = defOf(spec.input);
  return def?.shape ?? (def?.type === 'pipe' ? defOf((def as { in?: unknown }).in)?.shape : undefined) ?? {};
}

/** Every combination of values the named fields take (left out when optional, each enum value, a number, a list). */
export function combinations(spec: Spec, fields: readonly string[]): Record<string, unknown>[] {
  const shape = shapeOf(spec);
  let combos: Record<string, unknown>[] = [{}];
  for (const field of fields) {
    const schema = shape[field];
    if (!schema) continue;
    const values = [undefined, 1, [1], ...enumValues(schema)].filter((v) => schema.safeParse(v).success);
    combos = combos.flatMap((combo) => values.map((v) => (v === undefined ? combo : { ...combo, [field]: v })));
  }
  return combos;
}

/** The inputs that decide a call's access: one empty input, or every combination of its `accessBy` fields. */
export function accessInputs(spec: Spec): Record<string, unknown>[] {
  if (typeof spec.access !== 'function' || !spec.accessBy) return [{}];
  return combinations(spec, typeof spec.accessBy === 'string' ? [spec.accessBy] : spec.accessBy);
}

/** A call's access for an input. */
export const accessOf = (spec: Spec, input: Record<string, unknown>): Access =>
  (typeof spec.access === 'function' ? spec.access(input) : spec.access);

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
