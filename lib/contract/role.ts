import { z } from './zod';
import { id, int, INT_MAX, line, longText, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';

/** Roles (SPEC.md section 6): a named set of menu and button permissions, enabled or disabled. */
const ROLE_STATES = ['ENABLED', 'DISABLED'] as const;
export type RoleState = (typeof ROLE_STATES)[number];
const ROLE_NAME_MAX = 64;
const ROLE_DESCRIPTION_MAX = 255;
/** Most permissions one authorize call may name (the whole tree is far smaller). */
const AUTHORIZE_MAX = 2000;

/** The version a save carries (optimistic locking): the one the caller last read. */
export const version = int(1, INT_MAX, 'validation.version');
const roleState = z.enum(ROLE_STATES, { error: 'validation.roleState' });

export const roleListInput = pageInput.extend({
  name: textFilter(ROLE_NAME_MAX),
  state: z.union([roleState, z.literal('')], { error: 'validation.roleState' }).optional().transform((s) => s || undefined),
});

export const roleSaveInput = z.object({
  id: id.optional(),
  version: version.optional(),
  /** The Chinese name, or the one name for both languages when nameEn is empty. */
  name: requiredLine(ROLE_NAME_MAX, 'validation.roleNameRequired'),
  /** The English name; empty or left out: the name serves both languages. */
  nameEn: line(ROLE_NAME_MAX).optional(),
  /** A save carries the whole role: a description left out is empty. */
  description: longText(ROLE_DESCRIPTION_MAX).optional(),
  /** The English description; empty or left out: the description serves both languages. */
  descriptionEn: longText(ROLE_DESCRIPTION_MAX).optional(),
}).superRefine((value, ctx) => {
  if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.version' });
});

export const roleIdInput = z.object({ id });

export const roleStateInput = z.object({ id, state: roleState, version });

export const roleAuthorizeInput = z.object({
  id,
  permissionIds: z.array(id, { error: 'validation.permissionIds' }).max(AUTHORIZE_MAX, 'validation.permissionIds'),
  version,
});

/**
 * One row of role/roleList; createTime is an ISO timestamp. name and description are in the
 * reader's language (Accept-Language); the stored texts of both languages follow for the edit form.
 */
export const roleRow = z.object({
  id: count,
  name: z.string(),
  description: z.string(),
  /** The stored Chinese (or only) name and description, and the English ones (empty: none). */
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  /** The role self-registered accounts receive: its names stay and it is never deleted. */
  builtIn: z.boolean(),
  state: roleState,
  /** Accounts holding the role. */
  userCount: count,
  /** Menu and button permissions granted to it. */
  permissionCount: count,
  version: count,
  createTime: timestamp,
});
export type RoleRow = z.infer<typeof roleRow>;

/** role/roleInfo and role/authorize: the role and every permission id it holds, ascending. */
export const roleInfo = z.object({ role: roleRow, permissionIds: z.array(count) });
export type RoleInfo = z.infer<typeof roleInfo>;
