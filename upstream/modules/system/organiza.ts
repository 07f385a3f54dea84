import type { Db } from '../../db';
import { defineCall } from '../../core/call';
import { orgSubtree, visibleOrgs } from '../../core/scope';
import type { Page } from '../../../lib/contract/common';
import type { OrgDropdownItem, OrgListResult, OrgNode, OrgPickerUser, OrgTreeNode, OrgUser } from '../../../lib/contract/organiza';
import { countOrgs, orgForest, orgNodes, orgQuery, requireOrg } from './organiza-nodes';
import { deleteOrganization, saveOrganization } from './organiza-save';


/** Enabled users of one organisation, for the pickers. */
const enabledUsers = (db: Db, orgId: number) =>
  db.selectFrom('app_user').select(['id', 'username', 'nickname'])
    .where('org_id', '=', orgId).where('state', '=', 'ENABLED').orderBy('id').execute();

export const organizaCalls = [
  defineCall({
    path: 'systemOrganiza/organizaList',
    async handler(ctx, input): Promise<OrgListResult> {
      const scope = await visibleOrgs(ctx.db, ctx.user);
      const filters = { name: input.name, type: input.type };
      if (input.id !== undefined) {
        await requireOrg(ctx.db, input.id);
        return { list: await orgNodes(ctx.db, { scope, parentId: input.id, ...filters }, ctx.locale) };
      }
      if (input.name || input.type) return { list: await orgNodes(ctx.db, { scope, ...filters }, ctx.locale) };
      // The roots the caller sees: the top-level organisations for an admin, else their own one.
      if (scope === null) return { list: await orgNodes(ctx.db, { scope, parentId: null }, ctx.locale) };
      return { list: ctx.user.orgId === null ? [] : await orgNodes(ctx.db, { scope, ids: [ctx.user.orgId] }, ctx.locale) };
    },
  }),

  defineCall({
    path: 'systemOrganiza/list',
    async handler(ctx, input): Promise<Page<OrgNode>> {
      const filter = { scope: await visibleOrgs(ctx.db, ctx.user), name: input.name, type: input.type, state: input.state };
      const [total, list] = await Promise.all([
        countOrgs(ctx.db, filter),
        orgNodes(ctx.db, filter, ctx.locale, { limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize }),
      ]);
      return { list, total, totalPage: Math.ceil(total / input.pageSize) };
    },
  }),

  defineCall({
    path: 'systemOrganiza/myOrganization',
    async handler(ctx): Promise<OrgNode | null> {
      if (ctx.user.orgId === null) return null;
      const [node] = await orgNodes(ctx.db, { scope: null, ids: [ctx.user.orgId] }, ctx.locale);
      return node ?? null;
    },
  }),

  defineCall({
    path: 'systemOrganiza/saveOrupdate',
    handler: saveOrganization,
  }),

  defineCall({
    path: 'systemOrganiza/delete',
    handler: deleteOrganization,
  }),

  defineCall({
    path: 'systemOrganiza/getInstitutionDropdown',
    async handler(ctx, input): Promise<OrgDropdownItem[]> {
      return orgQuery(ctx.db, { scope: await visibleOrgs(ctx.db, ctx.user), type: input.type, state: 'ENABLED' })
        .select(['o.id', 'o.name', 'o.type']).orderBy('o.sort').orderBy('o.id').execute();
    },
  }),

  defineCall({
    path: 'systemOrganiza/orgTree',
    async handler(ctx): Promise<OrgTreeNode[]> {
      return orgForest(ctx.db, { scope: await visibleOrgs(ctx.db, ctx.user) });
    },
  }),

  defineCall({
    path: 'systemOrganiza/orgTreeById',
    async handler(ctx, input): Promise<OrgTreeNode> {
      await requireOrg(ctx.db, input.id);
      const [tree] = await orgForest(ctx.db, { scope: null, ids: await orgSubtree(ctx.db, input.id) });
      return tree!;
    },
  }),

  defineCall({
    path: 'systemOrganiza/orgTreeByIdWithoutMe',
    async handler(ctx, input): Promise<OrgTreeNode[]> {
      await requireOrg(ctx.db, input.id);
      const below = (await orgSubtree(ctx.db, input.id)).filter((id) => id !== input.id);
      return orgForest(ctx.db, { scope: null, ids: below });
    },
  }),

  defineCall({
    path: 'systemOrganiza/getMyOrganizationUser',
    async handler(ctx): Promise<OrgUser[]> {
      if (ctx.user.orgId === null) return [];
      return enabledUsers(ctx.db, ctx.user.orgId);
    },
  }),

  // getRejectUser is the workflow's (it offers the people of the nodes a case may go back to).
  defineCall({
    path: 'systemOrganiza/adminRedeployUser',
    async handler(ctx, input): Promise<OrgPickerUser[]> {
      await requireOrg(ctx.db, input.orgId);
      return (await enabledUsers(ctx.db, input.orgId)).map((user) => ({ ...user, orgId: input.orgId }));
    },
  }),
];
