import { defineCall } from '../../core/call';
import { AppError, conflict, invalid } from '../../core/errors';
import { audit } from '../../core/audit';
import { CODES, type Page } from '../../../lib/contract/common';
import { BUILT_IN_ROLE, type RoleInfo, type RoleRow } from '../../../lib/contract/role';
import {
  bumpRole, loadRole, roleNameTaken, rolePermissionIds, roleRows, roleSummary, toRoleRow,
} from './role-store';
import { authorizeRole } from './role-authorize';
import { containsPattern } from '../../core/like';


/** A concurrent save of the same name hits the unique index: same answer as the check before it. */
const nameTakenOnConflict = (error: unknown): never => {
  if (/duplicate key|unique/i.test(String(error))) throw invalid({ name: 'validation.roleNameTaken' });
  throw error;
};

export const roleCalls = [
  defineCall({
    path: 'role/roleList',
    async handler(ctx, input): Promise<Page<RoleRow>> {
      let query = ctx.db.selectFrom('role as r');
      if (input.name) query = query.where('r.name', 'ilike', containsPattern(input.name));
      if (input.state) query = query.where('r.state', '=', input.state);
      const ids = query.select('r.id');
      const [{ n }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        roleRows(ctx.db).where('r.id', 'in', ids).orderBy('r.id')
          .limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      const total = Number(n);
      return { list: rows.map(toRoleRow), total, totalPage: Math.ceil(total / input.pageSize) };
    },
  }),
  defineCall({
    path: 'role/roleInfo',
    handler: async (ctx, input): Promise<RoleInfo> =>
      ({ role: await loadRole(ctx.db, input.id), permissionIds: await rolePermissionIds(ctx.db, input.id) }),
  }),
  defineCall({
    path: 'role/saveOrUpdate',
    async handler(ctx, input): Promise<RoleRow> {
      return ctx.db.transaction().execute(async (trx) => {
        if (input.id === undefined) {
          if (await roleNameTaken(trx, input.name)) throw invalid({ name: 'validation.roleNameTaken' });
          const { id } = await trx.insertInto('role')
            .values({ name: input.name, description: input.description ?? '', updated_at: ctx.now })
            .returning('id').executeTakeFirstOrThrow().catch(nameTakenOnConflict);
          const created = await loadRole(trx, id);
          await audit(trx, ctx.user, 'role.create', { type: 'role', id }, { after: roleSummary(created) });
          return created;
        }
        const before = await loadRole(trx, input.id);
        if (before.name === BUILT_IN_ROLE && input.name !== BUILT_IN_ROLE) throw invalid({ name: 'validation.roleBuiltInName' });
        if (await roleNameTaken(trx, input.name, input.id)) throw invalid({ name: 'validation.roleNameTaken' });
        await bumpRole(trx, input.id, input.version!, ctx.now, { name: input.name, description: input.description ?? '' })
          .catch(nameTakenOnConflict);
        const after = await loadRole(trx, input.id);
        await audit(trx, ctx.user, 'role.update', { type: 'role', id: input.id }, { before: roleSummary(before), after: roleSummary(after) });
        return after;
      });
    },
  }),
  defineCall({
    path: 'role/changeState',
    handler: (ctx, input): Promise<RoleRow> => ctx.db.transaction().execute(async (trx) => {
      const before = await loadRole(trx, input.id);
      if (before.state === input.state) {
        // Already so: nothing to write, but a stale caller still learns it read an old row.
        if (before.version !== input.version) throw conflict();
        return before;
      }
      await bumpRole(trx, input.id, input.version, ctx.now, { state: input.state });
      const after = await loadRole(trx, input.id);
      await audit(trx, ctx.user, 'role.state', { type: 'role', id: input.id }, { before: roleSummary(before), after: roleSummary(after) });
      return after;
    }),
  }),
  defineCall({
    path: 'role/del',
    handler: (ctx, input) => ctx.db.transaction().execute(async (trx) => {
      // Locks the role first: an account cannot be given it while the holders are counted.
      await trx.selectFrom('role').select('id').where('id', '=', input.id).forUpdate().executeTakeFirst();
      const role = await loadRole(trx, input.id);
      if (role.name === BUILT_IN_ROLE) throw conflict('roleBuiltIn');
      if (role.userCount > 0) throw new AppError(CODES.conflict, 'roleInUse', { count: role.userCount });
      const permissionIds = await rolePermissionIds(trx, input.id);
      await trx.deleteFrom('role').where('id', '=', input.id).execute();
      await audit(trx, ctx.user, 'role.delete', { type: 'role', id: input.id }, { before: { ...roleSummary(role), permissionIds } });
      return null;
    }),
  }),
  defineCall({
    path: 'role/authorize',
    handler: (ctx, input): Promise<RoleInfo> => ctx.db.transaction().execute((trx) => authorizeRole(trx, ctx, input)),
  }),
];
