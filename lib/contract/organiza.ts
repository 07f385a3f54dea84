import { z } from './zod';
import { id, pageInput } from './common';

/** Organisation types of DESIGN.md section 4. */
export const ORG_TYPES = ['OPERATOR', 'RENSHE', 'GUARANTEE', 'BANK'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
export const ORG_STATES = ['ENABLED', 'DISABLED'] as const;
export type OrgState = (typeof ORG_STATES)[number];
export const ORG_NAME_MAX = 100;

export const orgType = z.enum(ORG_TYPES, { error: 'validation.orgType' });
export const orgState = z.enum(ORG_STATES, { error: 'validation.orgState' });
/** An optimistic-lock version as read from the record. */
export const version = z.coerce.number({ error: 'validation.versionRequired' }).int('validation.versionRequired').positive('validation.versionRequired');

/** An optional text filter; blank counts as absent. */
export const textFilter = (max: number) => z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.tooLong').optional(),
);
/** An optional enum filter of a search form; blank counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** systemOrganiza/organizaList: without id the roots in scope, with id its children; name/type filters give a flat list. */
export const organizaListInput = z.object({
  id: id.optional(),
  nodeType: z.string().max(32).optional(),
  name: textFilter(ORG_NAME_MAX),
  type: z.preprocess(blankToUndefined, orgType.optional()),
});
export type OrganizaListInput = z.infer<typeof organizaListInput>;

/** systemOrganiza/list: the flat, paged table. */
export const organizaPageInput = pageInput.extend({
  name: textFilter(ORG_NAME_MAX),
  type: z.preprocess(blankToUndefined, orgType.optional()),
  state: z.preprocess(blankToUndefined, orgState.optional()),
});
export type OrganizaPageInput = z.infer<typeof organizaPageInput>;

/** systemOrganiza/saveOrupdate: creates without id, else updates the version read. */
export const organizaSaveInput = z.object({
  id: id.optional(),
  version: version.optional(),
  parentId: id.nullable(),
  name: z.string({ error: 'validation.orgNameRequired' }).trim().min(1, 'validation.orgNameRequired').max(ORG_NAME_MAX, 'validation.tooLong'),
  type: orgType,
  /** Absent keeps the stored region on update; null or blank clears it. */
  regionCode: z.preprocess((v) => (v === '' ? null : v), z.string({ error: 'validation.regionCode' }).trim().regex(/^\d{2,12}$/, 'validation.regionCode').nullable().optional()),
  /** Absent keeps the stored sort and state on update (0 and ENABLED on create). */
  sort: z.coerce.number({ error: 'validation.sort' }).int('validation.sort').min(0, 'validation.sort').max(1_000_000, 'validation.sort').optional(),
  state: orgState.optional(),
}).superRefine((value, ctx) => {
  if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.versionRequired' });
});
export type OrganizaSaveInput = z.infer<typeof organizaSaveInput>;

export const orgDropdownInput = z.object({ type: z.preprocess(blankToUndefined, orgType.optional()) });
export const orgIdInput = z.object({ orgId: id });

/** A row of the organisation tree and table. */
export interface OrgNode {
  id: number;
  parentId: number | null;
  name: string;
  type: OrgType;
  regionCode: string | null;
  regionName: string | null;
  state: OrgState;
  sort: number;
  version: number;
  hasChildren: boolean;
  /** Users of this organisation itself (not its subtree) that are not written off. */
  userCount: number;
  createTime: string;
}

/** Answer of the lazily loaded tree (DESIGN.md section 3). */
export interface OrgListResult { list: OrgNode[]; message?: string }

export interface OrgTreeNode { id: number; name: string; type: OrgType; children: OrgTreeNode[] }

export interface OrgDropdownItem { id: number; name: string; type: OrgType }

/** A user of the caller's organisation (getMyOrganizationUser). */
export interface OrgUser { id: number; username: string; nickname: string }

/** A user offered by the workflow pickers (adminRedeployUser, getRejectUser). */
export interface OrgPickerUser { id: number; username: string; nickname: string; orgId: number }
