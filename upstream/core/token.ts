import type { Db } from '../db';
import type { AuthUser } from './call';
import { newToken, sha256 } from './crypto';
import { prepared } from '../db/prepared';

/** The user behind a token's hash at a time: on every call, so compiled once (upstream/db/prepared.ts). */
const tokenUser = prepared((db: Db, tokenHash: string, now: Date) => db.selectFrom('auth_token as t')
  .innerJoin('app_user as u', 'u.id', 't.user_id')
  .select(['t.id as tokenId', 'u.id', 'u.username', 'u.nickname', 'u.type', 'u.org_id as orgId'])
  // The grants' version comes with the token in the same query (one row, migration-perf.ts).
  .select((eb) => eb.selectFrom('grant_version').select('version').where('id', '=', 1).as('grantsVersion'))
  .where('t.token_hash', '=', tokenHash)
  .where('t.revoked_at', 'is', null)
  .where('t.expires_at', '>', now)
  .where('u.state', '=', 'ENABLED'), '\u0000token-hash', new Date(0));

/** The signed-in user behind a token, or null when it is unknown, expired, revoked or the account is not enabled. */
export async function resolveToken(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  const row = await tokenUser(db, sha256(token), now);
  return row ? { ...row, grantsVersion: row.grantsVersion ?? 0 } : null;
}

export async function issueToken(db: Db, userId: number, now: Date, ttlMs: number) {
  const token = newToken();
  const uuid = crypto.randomUUID();
  await db.insertInto('auth_token')
    .values({ token_hash: sha256(token), uuid, user_id: userId, created_at: now, expires_at: new Date(now.getTime() + ttlMs) })
    .execute();
  return { token, uuid };
}

/** Ends every session of a user (password change, disable, write-off, reset). */
export async function revokeUserTokens(db: Db, userId: number, now: Date) {
  await db.updateTable('auth_token').set({ revoked_at: now })
    .where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
