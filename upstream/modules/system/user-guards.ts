import { randomInt } from 'node:crypto';
import type { AuthUser, CallContext } from '../../core/call';
import { AppError, conflict, forbidden, invalid, notFound } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import { PASSWORD_MIX_PATTERN } from '../../../lib/contract/rules';
import type { User } from '../../db/schema';
import { grantedPermissions } from '../menu/grants';

type Ctx = CallContext<AuthUser>;

export interface TargetRules {
  /** Whether the caller may do this to their own account (disable, write off and delete may not). */
  self?: boolean;
  /** Whether a written-off account is acceptable (otherwise 409: it cannot change any more). */
  writtenOff?: boolean;
  /** The version the caller read; a different one is a 409. */
  version?: number;
}

/**
 * The user a call acts on, whom the call's row access (kind 'user', upstream/modules/system/row-kinds.ts)
 * has found in the caller's scope: 404 when gone meanwhile, 403 for anyone acting on themselves
 * where not allowed, 409 for a written-off account or a stale version.
 */
export async function targetUser(ctx: Ctx, id: number, rules: TargetRules = {}): Promise<User> {
  const user = await ctx.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('user');
  assertTarget(ctx, user, rules);
  return user;
}

/** The checks of targetUser on a user already read. */
export function assertTarget(ctx: Ctx, user: User, rules: TargetRules = {}) {
  if (user.id === ctx.user.id && rules.self === false) throw new AppError(CODES.forbidden, 'userSelf');
  if (user.state === 'WRITTEN_OFF' && !rules.writtenOff) throw conflict('userWrittenOff');
  if (rules.version !== undefined && rules.version !== user.version) throw conflict();
}

/**
 * Checks roles about to be given to a user: each must exist (422); a non-admin may only give
 * roles (beyond those the user already holds) whose every permission they hold themselves (403).
 */
export async function assertRolesGrantable(ctx: Ctx, roleIds: readonly number[], alreadyHeld: readonly number[] = []) {
  const wanted = [...new Set(roleIds)];
  if (!wanted.length) return;
  const found = await ctx.db.selectFrom('role').select('id').where('id', 'in', wanted).execute();
  if (found.length !== wanted.length) throw invalid({ roleIds: 'validation.roleNotFound' });
  if (ctx.user.type === 0) return;
  const added = wanted.filter((id) => !alreadyHeld.includes(id));
  if (!added.length) return;
  const mine = new Set((await grantedPermissions(ctx.db, ctx.user)).map((p) => p.id));
  const needed = await ctx.db.selectFrom('role_permission').select('permission_id').distinct().where('role_id', 'in', added).execute();
  if (needed.some((p) => !mine.has(p.permission_id))) throw forbidden();
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A random password that meets the SPEC.md section 5 rule (letters and digits, 8-20); no look-alike characters. */
export function generatePassword(length = 12): string {
  const all = LETTERS + DIGITS;
  for (;;) {
    const chars = Array.from({ length }, () => all[randomInt(all.length)]!);
    chars[randomInt(length)] = DIGITS[randomInt(DIGITS.length)]!;
    const password = chars.join('');
    if (PASSWORD_MIX_PATTERN.test(password)) return password;
  }
}
