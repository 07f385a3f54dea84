import { defineCall, type InputOf } from '../../core/call';
import { conflict, invalid } from '../../core/errors';
import { reference, resource } from '../../core/resource';
import type { RoleInfo } from '../../../lib/contract/role';
import { containsPattern } from '../../core/like';
import { loadRole, readRole, rolePermissionIds, roleSummary, selectRole, toRoleRow } from './role-store';
import { authorizeRole } from './role-authorize';

type RoleSave = InputOf<'role/saveOrUpdate'>;
const values = (input: RoleSave) =>
  ({ name: input.name, name_en: input.nameEn ?? '', description: input.description ?? '', description_en: input.descriptionEn ?? '' });

/**
 * Roles: names unique in any case (the Chinese one, and the English one when given); the built-in role keeps its names and stays; a role someone
 * holds stays. Each has a Chinese (or only) and an English name and description; calls answer
 * in the reader's language.
 */
export const roleTable = resource({
  table: 'role',
  key: 'id',
  what: 'role',
  select: selectRole,
  toRow: toRoleRow,
  label: (row) => row.name,
  // A name is found in either language.
  filters: {
    name: (q, value) => q.where((eb) => eb.or([eb('t.name', 'ilike', containsPattern(String(value))), eb('t.name_en', 'ilike', containsPattern(String(value)))])),
    state: { equals: 'state' },
  },
  orders: { id: 'id' },
  order: 'id',
  unique: [
    { field: 'name', column: 'name', ignoreCase: true, key: 'validation.roleNameTaken' },
    { field: 'nameEn', column: 'name_en', ignoreCase: true, ignoreEmpty: true, key: 'validation.roleNameEnTaken' },
  ],
  references: [reference('user_role', 'role_id', 'roleInUse')],
  audit: { type: 'role', action: 'role', summary: roleSummary },
  insert: values,
  patch: values,
  rules: {
    validate(_trx, _ctx, next, before) {
      if (before?.builtIn && (next.name !== before.nameZh || next.name_en !== before.nameEn)) throw invalid({ name: 'validation.roleBuiltInName' });
    },
    async beforeDelete(trx, _ctx, role) {
      if (role.builtIn) throw conflict('roleBuiltIn');
      return { permissionIds: await rolePermissionIds(trx, role.id) };
    },
  },
});

export const roleCalls = [
  defineCall({
    path: 'role/roleList',
    handler: async (ctx, input) => {
      const page = await roleTable.list(ctx, input);
      return { ...page, list: page.list.map(readRole(ctx.locale)) };
    },
  }),
  defineCall({
    path: 'role/roleInfo',
    handler: async (ctx, input): Promise<RoleInfo> =>
      ({ role: readRole(ctx.locale)(await loadRole(ctx.db, input.id)), permissionIds: await rolePermissionIds(ctx.db, input.id) }),
  }),
  defineCall({
    path: 'role/saveOrUpdate',
    async handler(ctx, input) {
      const row = input.id === undefined ? await roleTable.add(ctx, input) : await roleTable.update(ctx, { ...input, id: input.id, version: input.version! });
      return readRole(ctx.locale)(row);
    },
  }),
  defineCall({
    path: 'role/changeState',
    // Asking for the state a role already has writes nothing (a stale version is still refused).
    handler: async (ctx, input) =>
      readRole(ctx.locale)(await roleTable.change(ctx, input, (before) => (before.state === input.state ? null : { state: input.state }), 'state')),
  }),
  defineCall({ path: 'role/del', handler: roleTable.remove }),
  defineCall({
    path: 'role/authorize',
    handler: async (ctx, input): Promise<RoleInfo> => {
      const info = await ctx.db.transaction().execute((trx) => authorizeRole(trx, ctx, input));
      return { ...info, role: readRole(ctx.locale)(info.role) };
    },
  }),
];
