import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, invalid } from '../errors';
import type { Column, Db, Reference, TableName, UniqueRule } from './types';

/** A 32-bit FNV-1a hash of a text, as a signed integer (a key of a transaction lock). */
export function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The SQLSTATE and constraint of a database error, if it is one. */
function dbError(error: unknown): { state?: string; constraint?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return { state: typeof code === 'string' ? code : undefined, constraint: typeof constraint === 'string' ? constraint : undefined };
}

/** The 422 of a unique rule whose index a write violated (23505), else null. */
export function uniqueViolation<T extends TableName>(error: unknown, rules: readonly UniqueRule<T>[]) {
  const { state, constraint } = dbError(error);
  if (state !== '23505') return null;
  const rule = rules.find((r) => r.index !== undefined && r.index === constraint);
  return rule ? invalid({ [rule.field]: rule.key }) : null;
}

/** The value a rule compares, as the check and the lock see it. */
const normal = (value: unknown, ignoreCase: boolean | undefined) => (ignoreCase && typeof value === 'string' ? value.toLowerCase() : value);

/**
 * Refuses values that break a unique rule (422 on the rule's field). `row` holds the values the
 * row will have (the record before merged with the written values); `except` the row's own key
 * on an update. A rule none of whose columns is written is not checked again.
 */
export async function checkUnique<T extends TableName>(
  trx: Db, table: T, rules: readonly UniqueRule<T>[], row: Record<string, unknown>,
  options: { written: readonly string[]; key: Column<T>; except?: unknown; soft?: Column<T> },
) {
  // biome-ignore lint/suspicious/noExplicitAny: the generic engine names tables and columns at run time
  const db = trx as unknown as Kysely<any>;
  for (const rule of rules) {
    const columns = [rule.column, ...(rule.per ?? [])];
    if (!columns.some((c) => options.written.includes(c))) continue;
    const value = row[rule.column];
    if (value === null || value === undefined || (rule.ignoreEmpty && value === '')) continue;
    if (rule.index === undefined) {
      const scope = JSON.stringify([normal(value, rule.ignoreCase), ...(rule.per ?? []).map((c) => row[c])]);
      await sql`select pg_advisory_xact_lock(${lockKey(`${table}.${rule.column}`)}, ${lockKey(scope)})`.execute(db);
    }
    const ref = sql.ref(rule.column);
    let query = db.selectFrom(table as string).select(sql.lit(1).as('x'))
      .where(rule.ignoreCase ? sql<boolean>`lower(${ref}) = lower(${String(value)})` : sql<boolean>`${ref} = ${value}`);
    for (const column of rule.per ?? []) query = query.where(sql<boolean>`${sql.ref(column)} = ${row[column]}`);
    if (options.except !== undefined) query = query.where(sql<boolean>`${sql.ref(options.key)} <> ${options.except}`);
    if (options.soft) query = query.where(sql<boolean>`${sql.ref(options.soft)} is null`);
    if (await query.executeTakeFirst()) throw invalid({ [rule.field]: rule.key });
  }
}

/**
 * A reference to the described rows: rows of `table` whose `column` holds the row's key (and
 * that `where` keeps) refuse its removal with a 409 of message `key` ({count}, {name}).
 */
export function reference<R extends TableName>(
  table: R, column: Column<R>, key: string,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  where?: (query: SelectQueryBuilder<Database, R, {}>) => SelectQueryBuilder<Database, R, {}>,
): Reference {
  return {
    key,
    async count(trx, value) {
      // biome-ignore lint/suspicious/noExplicitAny: the generic engine names tables and columns at run time
      const base = (trx as unknown as Kysely<any>).selectFrom(table as string)
        .where(sql<boolean>`${sql.ref(column)} = ${value}`) as unknown as SelectQueryBuilder<Database, R, {}>;
      const { n } = await (where ? where(base) : base).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

/** Refuses the removal of a row something refers to: the first reference that counts any. */
export async function checkReferences(trx: Db, references: readonly Reference[], key: unknown, name: string) {
  for (const ref of references) {
    const count = await ref.count(trx, key);
    if (count > 0) throw conflict(ref.key, { count, name });
  }
}
