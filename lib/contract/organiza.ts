import { z } from './zod';
import { id, int, INT_MAX, line, pageInput, requiredLine, sort, textFilter } from './fields';
import { count, timestamp } from './output';

export { textFilter };

/** Organisation types of DESIGN.md section 4. */
const ORG_TYPES = ['OPERATOR', 'RENSHE', 'GUARANTEE', 'BANK'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
const ORG_STATES = ['ENABLED', 'DISABLED'] as const;
export type OrgState = (typeof ORG_STATES)[number];
const ORG_NAME_MAX = 100;

const orgType = z.enum(ORG_TYPES, { error: 'validation.orgType' });
const orgState = z.enum(ORG_STATES, { error: 'validation.orgState' });
/** An optimistic-lock version as read from the record. */
export const version = int(1, INT_MAX, 'validation.versionRequired');

/** An optional enum filter of a search form; blank counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** systemOrganiza/organizaList: without id the roots in scope, with id its children; name/type filters give a flat list. */
export const organizaListInput = z.object({
  id: id.optional(),
  nodeType: line(32).optional(),
  name: textFilter(ORG_NAME_MAX),
  type: z.preprocess(blankToUndefined, orgType.optional()),
});

/** systemOrganiza/list: the flat, paged table. */
export const organizaPageInput = pageInput.extend({
  name: textFilter(ORG_NAME_MAX),
  type: z.preprocess(blankToUndefined, orgType.optional()),
  state: z.preprocess(blankToUndefined, orgState.optional()),
});

/** systemOrganiza/saveOrupdate: creates without id, else updates the version read. */
export const organizaSaveInput = z.object({
  id: id.optional(),
  version: version.optional(),
  parentId: id.nullable(),
  name: requiredLine(ORG_NAME_MAX, 'validation.orgNameRequired'),
  type: orgType,
  /** Absent keeps the stored region on update; null or blank clears it. */
  regionCode: z.preprocess((v) => (v === '' ? null : v), z.string({ error: 'validation.regionCode' }).trim().regex(/^\d{2,12}$/, 'validation.regionCode').nullable().optional()),
  /** Absent keeps the stored sort and state on update (0 and ENABLED on create). */
  sort: sort.optional(),
  state: orgState.optional(),
}).superRefine((value, ctx) => {
  if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.versionRequired' });
});
export type OrganizaSaveInput = z.infer<typeof organizaSaveInput>;

export const orgDropdownInput = z.object({ type: z.preprocess(blankToUndefined, orgType.optional()) });
export const orgIdInput = z.object({ orgId: id });

/** A row of the organisation tree and table. */
export const orgNode = z.object({
  id: count,
  parentId: count.nullable(),
  name: z.string(),
  type: orgType,
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  state: orgState,
  sort: count,
  version: count,
  hasChildren: z.boolean(),
  /** Users of this organisation itself (not its subtree) that are not written off. */
  userCount: count,
  createTime: timestamp,
});
export type OrgNode = z.infer<typeof orgNode>;

/** Answer of the lazily loaded tree (DESIGN.md section 3). */
export const orgListResult = z.object({ list: z.array(orgNode), message: z.string().optional() });
export type OrgListResult = z.infer<typeof orgListResult>;

export interface OrgTreeNode { id: number; name: string; type: OrgType; children: OrgTreeNode[] }
export const orgTreeNode: z.ZodType<OrgTreeNode> = z.lazy(() => z.object({ id: count, name: z.string(), type: orgType, children: z.array(orgTreeNode) }));

export const orgDropdownItem = z.object({ id: count, name: z.string(), type: orgType });
export type OrgDropdownItem = z.infer<typeof orgDropdownItem>;

/** A user of the caller's organisation (getMyOrganizationUser). */
export const orgUser = z.object({ id: count, username: z.string(), nickname: z.string() });
export type OrgUser = z.infer<typeof orgUser>;

/** A user offered by the workflow pickers (adminRedeployUser, getRejectUser). */
export const orgPickerUser = orgUser.extend({ orgId: count });
export type OrgPickerUser = z.infer<typeof orgPickerUser>;
