import type { CallContext } from '../../core/call';
import { AppError } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';

type Outcome = 'SUCCESS' | 'FAILURE' | 'LOCKED';

/** The outcome of a sign-in that threw: a lock-out (429: the account or the address) or a failure. */
export const outcomeOf = (error: unknown): Outcome => (error instanceof AppError && error.code === CODES.tooMany ? 'LOCKED' : 'FAILURE');

/**
 * Records one password sign-in attempt for the sign-in log (登录日志): the name as typed (cut to
 * the column), the account it names and its organisation when there is one, the outcome and
 * the client address. Written outside any transaction, so a refused attempt is kept too.
 */
export async function recordSignIn(ctx: CallContext, username: string, user: { id: number; org_id: number | null } | undefined, outcome: Outcome) {
  await ctx.db.insertInto('sign_in_log').values({
    username: username.slice(0, 64), user_id: user?.id ?? null, org_id: user?.org_id ?? null, outcome, client_ip: ctx.clientIp, created_at: ctx.now,
  }).execute();
}
