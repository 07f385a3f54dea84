import { sql, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../lib/contract/common';
import { containsPattern } from '../like';
import type { Aliased, Column, Db, Filter, From, Order, PageQuery, TableName } from './types';

/**
 * Lists count at most this many rows, like the application lists: past it the answer says
 * `capped` and pages stop there.
 */
export const COUNT_CAP = 10_000;
const DAY_MS = 86_400_000;

/** The first moment of a China calendar day (YYYY-MM-DD). */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** A search value that counts: not absent, not blank. */
export const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The sort an `order` asks for (`name` or `-name`) among `orders`, else the default; unknown names take the default. */
export function orderOf(order: string | undefined, names: readonly string[], fallback: string | undefined): { name: string; desc: boolean } | null {
  for (const candidate of [order, fallback]) {
    if (!candidate) continue;
    const name = candidate.replace(/^-/, '');
    if (names.includes(name)) return { name, desc: candidate.startsWith('-') };
  }
  return null;
}

/** The totals of a list of `counted` rows (counted up to `cap`), in pages of `pageSize`. */
export function totalsOf(counted: number, pageSize: number, cap = COUNT_CAP): Omit<Page<never>, 'list'> {
  const capped = counted > cap;
  const total = capped ? cap : counted;
  return { total, totalPage: Math.ceil(total / pageSize), ...(capped ? { capped } : {}) };
}

const ref = (column: string) => sql.ref(`t.${column}`);

function applyFilter<T extends TableName>(query: From<T>, filter: Filter<T>, value: unknown): From<T> {
  if (typeof filter === 'function') return filter(query, value);
  if ('equals' in filter) return query.where(ref(filter.equals), '=', value);
  if ('contains' in filter) {
    const pattern = containsPattern(String(value));
    const columns: readonly string[] = typeof filter.contains === 'string' ? [filter.contains] : filter.contains;
    return query.where((eb) => eb.or(columns.map((column) => eb(ref(column), 'ilike', pattern))));
  }
  if ('from' in filter) return query.where(ref(filter.from), '>=', chinaDayStart(String(value)));
  return query.where(ref(filter.to), '<', new Date(chinaDayStart(String(value)).getTime() + DAY_MS));
}

/** The list's query before paging: every filter whose input field is present. */
export function filtered<T extends TableName>(query: From<T>, filters: Readonly<Record<string, Filter<T>>>, input: object): From<T> {
  let q = query;
  for (const [field, filter] of Object.entries(filters)) {
    const value = (input as Record<string, unknown>)[field];
    if (present(value)) q = applyFilter(q, filter, value);
  }
  return q;
}

/** Sorts a query as the input asks, the key breaking ties in the same direction. */
export function ordered<T extends TableName, O>(
  query: SelectQueryBuilder<Aliased<T>, 't', O>, orders: Readonly<Record<string, Order<T>>>, order: string | undefined,
  fallback: string | undefined, key: Column<T>,
): SelectQueryBuilder<Aliased<T>, 't', O> {
  const chosen = orderOf(order, Object.keys(orders), fallback);
  const direction = chosen?.desc ? 'desc' : 'asc';
  const by = chosen ? orders[chosen.name]! : null;
  const sorted = by === null ? query : query.orderBy(typeof by === 'function' ? by : ref(by), direction);
  return sorted.orderBy(ref(key), direction);
}

/** How many rows a query finds, counting at most cap + 1. */
export async function countUpTo<T extends TableName>(db: Db, query: From<T>, cap = COUNT_CAP): Promise<number> {
  const { n } = await db.selectFrom(query.select(sql.lit(1).as('x')).limit(cap + 1).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export const pageWindow = (input: PageQuery) => ({ limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize });
