import { defineCall, type InputOf } from '../../core/call';
import { conflict, invalid } from '../../core/errors';
import { reference, resource } from '../../core/resource';
import { BUILT_IN_ROLE, type RoleInfo } from '../../../lib/contract/role';
import { loadRole, rolePermissionIds, roleSummary, selectRole, toRoleRow } from './role-store';
import { authorizeRole } from './role-authorize';

type RoleSave = InputOf<'role/saveOrUpdate'>;
const values = (input: RoleSave) => ({ name: input.name, description: input.description ?? '' });

/** Roles: names unique in any case; the built-in role keeps its name and stays; a role someone holds stays. */
export const roleTable = resource({
  table: 'role',
  key: 'id',
  what: 'role',
  select: selectRole,
  toRow: toRoleRow,
  label: (row) => row.name,
  filters: { name: { contains: 'name' }, state: { equals: 'state' } },
  orders: { id: 'id' },
  order: 'id',
  unique: [{ field: 'name', column: 'name', ignoreCase: true, key: 'validation.roleNameTaken' }],
  references: [reference('user_role', 'role_id', 'roleInUse')],
  audit: { type: 'role', action: 'role', summary: roleSummary },
  insert: values,
  patch: values,
  rules: {
    validate(_trx, _ctx, next, before) {
      if (before?.name === BUILT_IN_ROLE && next.name !== BUILT_IN_ROLE) throw invalid({ name: 'validation.roleBuiltInName' });
    },
    async beforeDelete(trx, _ctx, role) {
      if (role.name === BUILT_IN_ROLE) throw conflict('roleBuiltIn');
      return { permissionIds: await rolePermissionIds(trx, role.id) };
    },
  },
});

export const roleCalls = [
  defineCall({ path: 'role/roleList', handler: roleTable.list }),
  defineCall({
    path: 'role/roleInfo',
    handler: async (ctx, input): Promise<RoleInfo> =>
      ({ role: await loadRole(ctx.db, input.id), permissionIds: await rolePermissionIds(ctx.db, input.id) }),
  }),
  defineCall({
    path: 'role/saveOrUpdate',
    async handler(ctx, input) {
      return input.id === undefined ? roleTable.add(ctx, input) : roleTable.update(ctx, { ...input, id: input.id, version: input.version! });
    },
  }),
  defineCall({
    path: 'role/changeState',
    // Asking for the state a role already has writes nothing (a stale version is still refused).
    handler: (ctx, input) => roleTable.change(ctx, input, (before) => (before.state === input.state ? null : { state: input.state }), 'state'),
  }),
  defineCall({ path: 'role/del', handler: roleTable.remove }),
  defineCall({
    path: 'role/authorize',
    handler: (ctx, input): Promise<RoleInfo> => ctx.db.transaction().execute((trx) => authorizeRole(trx, ctx, input)),
  }),
];
