import { sql } from 'kysely';
import type { AuthUser, CallContext } from '../../core/call';
import { AppError, conflict, forbidden, invalid, notFound } from '../../core/errors';
import { audit } from '../../core/audit';
import { orgSubtree, visibleOrgs } from '../../core/scope';
import { CODES } from '../../../lib/contract/common';
import type { OrgNode, OrganizaSaveInput } from '../../../lib/contract/organiza';
import { canSee, orgNodes, sqlState } from './organiza-nodes';

type Ctx = CallContext<AuthUser>;

const loadOrg = (ctx: Ctx, id: number) => ctx.db.selectFrom('organization').selectAll().where('id', '=', id).executeTakeFirst();

/** 422 on the name when a sibling (same parent, or both top-level) already carries it, case-insensitively. */
async function assertNameFree(ctx: Ctx, parentId: number | null, name: string, selfId: number | undefined) {
  const clash = await ctx.db.selectFrom('organization').select('id')
    .where(sql<boolean>`coalesce(parent_id, 0) = ${parentId ?? 0}`)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(selfId !== undefined, (qb) => qb.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (clash) throw invalid({ name: 'validation.orgNameTaken' });
}

/**
 * systemOrganiza/saveOrupdate. Creating needs organiza::add, updating organiza::edit. Only an
 * admin makes a top-level organisation; a new parent must be in the caller's scope and must not
 * lie below the organisation itself.
 */
export async function saveOrganization(ctx: Ctx, input: OrganizaSaveInput): Promise<OrgNode> {
  const scope = await visibleOrgs(ctx.db, ctx.user);
  const before = input.id === undefined ? undefined : await loadOrg(ctx, input.id);
  if (input.id !== undefined) {
    if (!before) throw notFound('organization');
    if (before.version !== input.version) throw conflict();
  }
  if (!before || before.parent_id !== input.parentId) {
    if (input.parentId === null) {
      if (scope !== null) throw new AppError(CODES.forbidden, 'orgRootAdminOnly');
    } else {
      if (!canSee(scope, input.parentId)) throw forbidden();
      if (!(await loadOrg(ctx, input.parentId))) throw invalid({ parentId: 'validation.orgParentNotFound' });
      if (before && (await orgSubtree(ctx.db, before.id)).includes(input.parentId)) throw invalid({ parentId: 'validation.orgCycle' });
    }
  }
  if (input.regionCode && !(await ctx.db.selectFrom('region').select('code').where('code', '=', input.regionCode).executeTakeFirst())) {
    throw invalid({ regionCode: 'validation.regionCode' });
  }
  await assertNameFree(ctx, input.parentId, input.name, input.id);

  const values = { parent_id: input.parentId, name: input.name, type: input.type, updated_at: ctx.now };
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!before) {
      const created = await trx.insertInto('organization').values({
        ...values, region_code: input.regionCode ?? null, sort: input.sort ?? 0, state: input.state ?? 'ENABLED',
      }).returningAll().executeTakeFirstOrThrow();
      await audit(trx, ctx.user, 'organiza.create', { type: 'organization', id: created.id }, { before: null, after: created });
      return created.id;
    }
    const after = await trx.updateTable('organization')
      .set((eb) => ({
        ...values,
        ...(input.regionCode !== undefined ? { region_code: input.regionCode } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.state !== undefined ? { state: input.state } : {}),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', before.id).where('version', '=', before.version)
      .returningAll().executeTakeFirst();
    if (!after) throw conflict();
    await audit(trx, ctx.user, 'organiza.update', { type: 'organization', id: before.id }, { before, after });
    return before.id;
  }).catch((error: unknown) => {
    // A sibling of the same name saved at the same moment.
    if (sqlState(error) === '23505') throw invalid({ name: 'validation.orgNameTaken' });
    throw error;
  });
  const [node] = await orgNodes(ctx.db, { scope: null, ids: [id] }, ctx.locale);
  return node!;
}

/** systemOrganiza/delete: refused (409) while the organisation has child organisations or users in any state. */
export async function deleteOrganization(ctx: Ctx, input: { id: number }): Promise<null> {
  const before = await loadOrg(ctx, input.id);
  if (!before) throw notFound('organization');
  if (await ctx.db.selectFrom('organization').select('id').where('parent_id', '=', before.id).executeTakeFirst()) throw conflict('orgHasChildren');
  if (await ctx.db.selectFrom('app_user').select('id').where('org_id', '=', before.id).executeTakeFirst()) throw conflict('orgHasUsers');
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('organization').where('id', '=', before.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound('organization');
    await audit(trx, ctx.user, 'organiza.delete', { type: 'organization', id: before.id }, { before, after: null });
  }).catch((error: unknown) => {
    // A child, a user or another record that came to refer to it meanwhile.
    if (sqlState(error) === '23503') throw conflict('orgInUse');
    throw error;
  });
  return null;
}
