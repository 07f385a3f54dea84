import { z } from './zod';
import { id, int, INT_MAX, line, pageInput, requiredLine } from './fields';
import { count, timestamp } from './output';
import { checkField } from './rules';
import { mobile, newPassword } from './validation';
import { textFilter, version } from './organiza';

const USER_STATES = ['ENABLED', 'DISABLED', 'WRITTEN_OFF'] as const;
export type UserState = (typeof USER_STATES)[number];
/** Sort orders of the user table; a leading '-' sorts descending. */
const USER_ORDERS = ['createTime', '-createTime', 'username', '-username'] as const;
export type UserOrder = (typeof USER_ORDERS)[number];
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;
const RESET_DELIVERIES = ['SHOW', 'SMS'] as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const roleIds = z.array(id, { error: 'validation.roleIds' }).max(100, 'validation.roleIds');

/** systemUser/adminList: the paged user table. */
export const userListInput = pageInput.extend({
  order: z.preprocess(blankToUndefined, z.enum(USER_ORDERS, { error: 'validation.order' }).optional()),
  username: textFilter(64),
  nickname: textFilter(64),
  mobile: textFilter(11),
  orgId: z.preprocess(blankToUndefined, id.optional()),
  state: z.preprocess(blankToUndefined, z.enum(USER_STATES, { error: 'validation.userState' }).optional()),
});

const usernameField = requiredLine(64, 'validation.usernameRequired')
  .refine((v) => USERNAME_PATTERN.test(v), 'validation.usernameFormat');
const nicknameField = requiredLine(64, 'validation.nicknameRequired');
/** Optional e-mail: blank means none, anything else follows the SPEC.md section 5 rule. */
const optionalMail = z.preprocess(blankToUndefined, line(254, 'validation.mailFormat')
  .superRefine((value, ctx) => {
    const key = checkField('mail', value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .transform((v) => v.toLowerCase())
  .optional());

/**
 * systemUser/saveOrUpdate: creates without id (mobile required; roleIds and password only
 * here: without a password one is generated and answered once), else updates the version
 * read. On update a blank or absent mobile keeps the stored one (the table shows it masked);
 * the other fields are taken whole (a blank mail clears it; an absent type keeps it).
 */
export const userSaveInput = z.object({
  id: id.optional(),
  version: version.optional(),
  username: usernameField,
  nickname: nicknameField,
  mobile: z.preprocess(blankToUndefined, mobile.optional()),
  mail: optionalMail,
  orgId: int(1, INT_MAX, 'validation.orgRequired'),
  type: z.preprocess(blankToUndefined, z.union([z.literal(0), z.literal(1)], { error: 'validation.userType' }).optional()),
  roleIds: roleIds.optional(),
  password: z.preprocess(blankToUndefined, newPassword.optional()),
}).superRefine((value, ctx) => {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (value.id === undefined) {
    if (value.mobile === undefined) issue('mobile', 'validation.mobileRequired');
    return;
  }
  if (value.version === undefined) issue('version', 'validation.versionRequired');
  if (value.password !== undefined) issue('password', 'validation.createOnly');
  if (value.roleIds?.length) issue('roleIds', 'validation.createOnly');
});
export type UserSaveInput = z.infer<typeof userSaveInput>;

export const userStateInput = z.object({ id, state: z.enum(['ENABLED', 'DISABLED'], { error: 'validation.userState' }), version });
export const userResetInput = z.object({ id, delivery: z.preprocess(blankToUndefined, z.enum(RESET_DELIVERIES, { error: 'validation.delivery' }).default('SHOW')) });
export const userConferInput = z.object({ id, roleIds, version });
export const userVersionInput = z.object({ id, version });

const userRoleRef = z.object({ id: count, name: z.string() });
export type UserRoleRef = z.infer<typeof userRoleRef>;

/** A row of the user table. The mobile is masked (138****5678). */
export const userRow = z.object({
  id: count,
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  mail: z.string().nullable(),
  orgId: count.nullable(),
  orgName: z.string().nullable(),
  type: count,
  state: z.enum(USER_STATES),
  roles: z.array(userRoleRef),
  version: count,
  createTime: timestamp,
  lastLoginTime: timestamp.nullable(),
});
export type UserRow = z.infer<typeof userRow>;

/** Answer of systemUser/saveOrUpdate; `password` only on a create that generated one. */
export const userSaveResult = z.object({ user: userRow, password: z.string().optional() });
export type UserSaveResult = z.infer<typeof userSaveResult>;

/** Answer of systemUser/resetPassWord: the password once (SHOW) or `sent` (SMS). */
export const userResetResult = z.object({ password: z.string().optional(), sent: z.literal(true).optional() });
export type UserResetResult = z.infer<typeof userResetResult>;
