import type { Db } from './index';

/** At most this many keys are kept per database; past it the cache starts again. */
const MAX_KEYS = 10_000;

/**
 * A read that holds while the grants' version stays: what a user's roles hold, which
 * organisations a user's cases lie in. Every change that alters them bumps the version in the
 * same transaction (migrations 0021 and 0033), and each call reads the version with its token,
 * so a value read under a version holds for every call made under it. Kept per database and
 * process; a transaction reads afresh (as it sees the rows).
 */
export function underGrantsVersion<K, V>(load: (db: Db, key: K) => Promise<V>) {
  const caches = new WeakMap<Db, Map<K, { version: number; value: V }>>();
  return async (db: Db, key: K, version: number): Promise<V> => {
    if (db.isTransaction) return load(db, key);
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const known = cache.get(key);
    if (known && known.version === version) return known.value;
    const value = await load(db, key);
    if (cache.size >= MAX_KEYS) cache.clear();
    cache.set(key, { version, value });
    return value;
  };
}
