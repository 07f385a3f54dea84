import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './index';

/**
 * A hot query built and compiled once per database, then run with new arguments: each run
 * puts its arguments where the sentinels stood in the compiled parameters. For queries on
 * every call (the token's user), where building and compiling cost more than running.
 * Sentinels must be values no other parameter of the query takes (e.g. a Date object of its own).
 */
export function prepared<A extends readonly unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>, ...sentinels: A) {
  const compiled = new WeakMap<Db, CompiledQuery<R>>();
  return async (db: Db, ...args: A): Promise<R | undefined> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...sentinels).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => {
      const at = sentinels.indexOf(value);
      return at < 0 ? value : args[at];
    });
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters));
    return rows[0];
  };
}
