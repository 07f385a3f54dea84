import { sql } from 'kysely';
import type { Db } from '../../db';
import type { CallContext } from '../../core/call';
import { AppError } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import { addressBucket } from '../../../lib/http/net-address';

/*
 * Sign-in limits (docs/user-guide/reference.md, 'Sign-in limits'). Counters live in `login_limit`, one row per key,
 * each changed by one atomic upsert (safe across replicas):
 *
 * - `user:<name>`, per account name, whether or not it exists: a password check is counted
 *   before it runs (so parallel guesses cannot overtake the count) and forgiven when the
 *   password was right. LOGIN_MAX_FAILURES failures lock the name; while it is locked its
 *   password is not checked at all, except from an address the account signed in from lately.
 * - `pair:<user id>:<address>`, per account and known address: the same limit for those
 *   checks, so a known address does not open the way to unlimited guesses.
 * - `ip:<address>`, per client address: LOGIN_MAX_FAILURES_PER_IP failures make every further
 *   failure from it answer 429. It never stops a right password of an account that is not locked.
 */

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const pairKey = (userId: number, address: string) => `pair:${userId}:${address}`;
const addressKey = (address: string) => `ip:${address}`;

interface Count { failures: number; lockedUntil: Date | null }

/**
 * Adds one failure to a key. A count whose window has passed, or whose lock has ended, starts
 * again at one. Reaching `max` locks the key; a running lock is extended only when `extend`.
 */
async function count(ctx: CallContext, key: string, max: number, extend: boolean): Promise<Count> {
  const { now, options } = ctx;
  const windowStart = new Date(now.getTime() - options.loginWindowMs);
  const lockEnd = new Date(now.getTime() + options.loginLockMs);
  const fresh = sql`((l.locked_until is null and l.window_start < ${windowStart}::timestamptz) or l.locked_until <= ${now}::timestamptz)`;
  const { rows } = await sql<{ failures: number; locked_until: Date | string | null }>`
    insert into login_limit as l (key, failures, window_start, locked_until)
    values (${key}, 1, ${now}::timestamptz, case when 1 >= ${max}::int then ${lockEnd}::timestamptz end)
    on conflict (key) do update set
      failures = case when ${fresh} then 1 else l.failures + 1 end,
      window_start = case when ${fresh} then ${now}::timestamptz else l.window_start end,
      locked_until = case
        when l.locked_until > ${now}::timestamptz and not ${extend}::boolean then l.locked_until
        when (case when ${fresh} then 1 else l.failures + 1 end) >= ${max}::int then ${lockEnd}::timestamptz
      end
    returning failures, locked_until`.execute(ctx.db);
  const row = rows[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
}

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
const locked = (ctx: CallContext, until: Date | null) => new AppError(CODES.tooMany, 'loginLocked', { minutes: minutesLeft(until ?? ctx.now, ctx.now) });

/** Whether the account signed in from this address within the known-address period (30 days by default). */
async function knownAddress(ctx: CallContext, userId: number, address: string): Promise<boolean> {
  if (address === 'unknown') return false;
  const since = new Date(ctx.now.getTime() - ctx.options.loginKnownAddressMs);
  const row = await ctx.db.selectFrom('login_address').select('user_id')
    .where('user_id', '=', userId).where('address', '=', address).where('last_success_at', '>', since).executeTakeFirst();
  return Boolean(row);
}

/** A password check under way: the keys it was counted against. */
export interface PasswordCheck { keys: string[] }

/**
 * Counts a password check against the account before it runs; refuses it (429 with the
 * minutes left) while the account is locked, unless the address is one the account signed in
 * from lately and that pair is not locked itself.
 */
export async function openPasswordCheck(ctx: CallContext, username: string, userId: number | null): Promise<PasswordCheck> {
  const max = ctx.options.loginMaxFailures;
  const account = await count(ctx, accountKey(username), max, false);
  if (account.failures <= max) return { keys: [accountKey(username)] };
  const address = addressBucket(ctx.clientIp);
  if (userId === null || !(await knownAddress(ctx, userId, address))) throw locked(ctx, account.lockedUntil);
  const pair = await count(ctx, pairKey(userId, address), max, false);
  if (pair.failures > max) throw locked(ctx, pair.lockedUntil);
  return { keys: [pairKey(userId, address)] };
}

/** The password was right: the check is forgiven, and so are earlier failures on those keys. */
export async function passwordRight(db: Db, check: PasswordCheck) {
  await db.deleteFrom('login_limit').where('key', 'in', check.keys).execute();
}

/**
 * A failed attempt from the client address (a wrong password, an unknown account, an input
 * refused outright). Returns the minutes the address stays limited, or null while it is not.
 * Counters whose time has passed are pruned here.
 */
export async function addressFailure(ctx: CallContext): Promise<number | null> {
  const windowStart = new Date(ctx.now.getTime() - ctx.options.loginWindowMs);
  await ctx.db.deleteFrom('login_limit').where('window_start', '<', windowStart)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', ctx.now)])).execute();
  const { lockedUntil } = await count(ctx, addressKey(addressBucket(ctx.clientIp)), ctx.options.loginMaxFailuresPerIp, true);
  return lockedUntil && lockedUntil > ctx.now ? minutesLeft(lockedUntil, ctx.now) : null;
}

/** A signed-in account remembers the address (pruning addresses it has not used for the period). */
export async function rememberAddress(ctx: CallContext, userId: number) {
  const address = addressBucket(ctx.clientIp);
  await ctx.db.deleteFrom('login_address').where('user_id', '=', userId)
    .where('last_success_at', '<=', new Date(ctx.now.getTime() - ctx.options.loginKnownAddressMs)).execute();
  if (address === 'unknown') return;
  await ctx.db.insertInto('login_address').values({ user_id: userId, address, last_success_at: ctx.now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_at: ctx.now })).execute();
}

/** An administrator's password reset lifts the account's lock. */
export async function clearFailures(db: Db, username: string) {
  await db.deleteFrom('login_limit').where('key', '=', accountKey(username)).execute();
}
