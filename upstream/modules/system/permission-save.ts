import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Permission } from '../../db/schema';
import type { AuthUser, CallContext } from '../../core/call';
import { conflict, invalid, notFound } from '../../core/errors';
import { audit } from '../../core/audit';
import type { PermissionNode, permissionSaveInput } from '../../../lib/contract/permission';
import { descendantsOf, toNode } from './permission-tree';

type Db = Kysely<Database>;
type Ctx = Pick<CallContext<AuthUser>, 'user' | 'now'>;
type SaveInput = z.infer<typeof permissionSaveInput>;

/**
 * Serialises writes to the permission tree (reads go on): the uniqueness and shape checks
 * below then hold until the transaction ends. Menu edits are rare.
 */
const lockTree = (trx: Db) => sql`lock table permission in share row exclusive mode`.execute(trx);

/** A save carries the whole node: an optional text left out, empty or null is none. */
const optional = (value: string | null | undefined) => value || null;

/** The field messages of a save that breaks the tree's rules, none when it keeps them. */
function check(all: Permission[], input: SaveInput): Record<string, string> {
  const fields: Record<string, string> = {};
  const others = all.filter((p) => p.id !== input.id);
  if (input.parentId !== null) {
    const parent = all.find((p) => p.id === input.parentId);
    if (!parent) fields.parentId = 'validation.permissionParentUnknown';
    else if (parent.kind === 'BUTTON') fields.parentId = 'validation.buttonHasNoChildren';
    else if (input.id !== undefined && (input.parentId === input.id || descendantsOf(all, input.id).has(input.parentId))) {
      fields.parentId = 'validation.permissionParentCycle';
    }
  }
  if (input.kind === 'BUTTON' && input.id !== undefined && all.some((p) => p.parent_id === input.id)) {
    fields.kind = 'validation.buttonHasNoChildren';
  }
  if (input.kind === 'MENU' && others.some((p) => p.kind === 'MENU' && p.path === input.path)) {
    fields.path = 'validation.permissionPathTaken';
  }
  if (input.kind === 'BUTTON' && others.some((p) => p.kind === 'BUTTON' && p.parent_id === input.parentId && p.action === input.action)) {
    fields.action = 'validation.permissionActionTaken';
  }
  return fields;
}

/**
 * systemPermisson/saveOrupdate: creates or updates one node, given whole (an update carries
 * the version it read). Only sort and hidden, when left out, keep their value (a new node goes
 * after its siblings, shown).
 */
export async function savePermission(trx: Db, ctx: Ctx, input: SaveInput): Promise<PermissionNode> {
  await lockTree(trx);
  const all = await trx.selectFrom('permission').selectAll().execute();
  const before = input.id === undefined ? undefined : all.find((p) => p.id === input.id);
  if (input.id !== undefined && !before) throw notFound('permission');
  if (before && before.version !== input.version) throw conflict();
  const fields = check(all, input);
  if (Object.keys(fields).length) throw invalid(fields);

  const isMenu = input.kind === 'MENU';
  const siblings = all.filter((p) => p.parent_id === input.parentId && p.id !== input.id);
  const values = {
    parent_id: input.parentId,
    kind: input.kind,
    path: isMenu ? input.path! : null,
    title_zh: input.titleZh,
    title_en: input.titleEn,
    icon: optional(input.icon),
    sort: input.sort ?? before?.sort ?? Math.min(1_000_000, Math.max(-1, ...siblings.map((p) => p.sort)) + 1),
    header_group: optional(input.headerGroup),
    hidden: input.hidden ?? before?.hidden ?? false,
    auth: optional(input.auth),
    action: isMenu ? null : input.action!,
    // A button's power-list group is its module; a menu keeps whatever it had.
    component: isMenu ? (before?.kind === 'MENU' ? before.component : null) : input.action!.split('::')[0]!,
  };
  if (!before) {
    const created = await trx.insertInto('permission').values(values).returning('id').executeTakeFirstOrThrow();
    const node = toNode(await reload(trx, created.id));
    await audit(trx, ctx.user, 'permission.create', { type: 'permission', id: node.id }, { after: node });
    return node;
  }
  await trx.updateTable('permission').set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: ctx.now }))
    .where('id', '=', before.id).execute();
  const node = toNode(await reload(trx, before.id));
  await audit(trx, ctx.user, 'permission.update', { type: 'permission', id: node.id }, { before: toNode(before), after: node });
  return node;
}

const reload = (trx: Db, id: number) => trx.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** systemPermisson/delete: removes a node without children, and with it every role's grant of it. */
export async function deletePermission(trx: Db, ctx: Ctx, id: number): Promise<null> {
  await lockTree(trx);
  const node = await trx.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirst();
  if (!node) throw notFound('permission');
  const children = await trx.selectFrom('permission').select('id').where('parent_id', '=', id).execute();
  if (children.length) throw conflict('permissionHasChildren');
  const roles = await trx.selectFrom('role_permission').select('role_id').where('permission_id', '=', id).orderBy('role_id').execute();
  const roleIds = roles.map((r) => r.role_id);
  await trx.deleteFrom('permission').where('id', '=', id).execute();
  // The roles' grants changed: an authorize dialog opened before must reload.
  if (roleIds.length) {
    await trx.updateTable('role').set((eb) => ({ version: eb('version', '+', 1), updated_at: ctx.now })).where('id', 'in', roleIds).execute();
  }
  await audit(trx, ctx.user, 'permission.delete', { type: 'permission', id }, { before: toNode(node), roleIds });
  return null;
}
