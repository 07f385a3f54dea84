import { defineCall } from '../../core/call';
import { notFound } from '../../core/errors';
import type { PermissionNode, PermissionSonResult } from '../../../lib/contract/permission';
import type { Permission } from '../../db/schema';
import { grantedPermissions } from '../menu/grants';
import { allPermissions, nest, sonsOf } from './permission-tree';
import { deletePermission, savePermission } from './permission-save';


/** The lazy rows below `id` (the top without it) within `rows`; 404 for an id not among them. */
function sons(rows: Permission[], id: number | undefined): PermissionSonResult {
  if (id !== undefined && !rows.some((p) => p.id === id)) throw notFound('permission');
  return { list: sonsOf(rows, id ?? null) };
}

export const permissionCalls = [
  defineCall({
    path: 'systemPermisson/permissonList',
    // The menu screen, and the role authorization dialog (which may grant only what its user holds).
    handler: async (ctx): Promise<PermissionNode[]> => nest(await allPermissions(ctx.db)),
  }),
  defineCall({
    path: 'systemPermisson/permissonSonList',
    handler: async (ctx, input): Promise<PermissionSonResult> => sons(await allPermissions(ctx.db), input.id),
  }),
  defineCall({
    // What the caller holds (an admin: everything), for the authorize dialog of a non-admin.
    path: 'systemPermisson/myPermissonSonList',
    handler: async (ctx, input): Promise<PermissionSonResult> => sons(await grantedPermissions(ctx.db, ctx.user), input.id),
  }),
  defineCall({
    path: 'systemPermisson/saveOrupdate',
    async handler(ctx, input): Promise<PermissionNode> {
      return ctx.db.transaction().execute((trx) => savePermission(trx, ctx, input));
    },
  }),
  defineCall({
    path: 'systemPermisson/delete',
    handler: (ctx, input) => ctx.db.transaction().execute((trx) => deletePermission(trx, ctx, input.id)),
  }),
];
