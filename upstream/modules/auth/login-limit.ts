import { sql } from 'kysely';
import type { Db } from '../../db';
import type { UpstreamOptions } from '../../options';

/** Rate-limit keys: one per account name (whether or not it exists) and one per client address. */
export const limitKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`] as const;

/** The later lock-out end of the given keys, or null when none is locked. */
export async function lockedUntil(db: Db, keys: readonly string[], now: Date): Promise<Date | null> {
  const rows = await db.selectFrom('login_limit').select('locked_until')
    .where('key', 'in', keys).where('locked_until', '>', now).execute();
  const ends = rows.map((r) => new Date(r.locked_until!).getTime());
  return ends.length ? new Date(Math.max(...ends)) : null;
}

/** Counts one failure against each key, locking a key that reaches its limit (atomic upsert, safe across replicas). */
export async function recordFailure(db: Db, options: UpstreamOptions, username: string, ip: string, now: Date) {
  const [userKey, ipKey] = limitKeys(username, ip);
  const windowStart = new Date(now.getTime() - options.loginWindowMs);
  const lockEnd = new Date(now.getTime() + options.loginLockMs);
  for (const [key, max] of [[userKey, options.loginMaxFailures], [ipKey, options.loginMaxFailuresPerIp]] as const) {
    await sql`
      insert into login_limit (key, failures, window_start, locked_until)
      values (${key}, 1, ${now}, ${max <= 1 ? lockEnd : null})
      on conflict (key) do update set
        failures = case when login_limit.window_start < ${windowStart} then 1 else login_limit.failures + 1 end,
        window_start = case when login_limit.window_start < ${windowStart} then ${now}::timestamptz else login_limit.window_start end,
        locked_until = case
          when (case when login_limit.window_start < ${windowStart} then 1 else login_limit.failures + 1 end) >= ${max}
          then ${lockEnd}::timestamptz else null end`.execute(db);
  }
}

export async function clearFailures(db: Db, username: string) {
  await db.deleteFrom('login_limit').where('key', '=', limitKeys(username, '')[0]).execute();
}
