import { sql, type Kysely } from 'kysely';
import type { Page } from '../../../lib/contract/common';
import { audit } from '../audit';
import { conflict, notFound } from '../errors';
import { countUpTo, filtered, ordered, pageWindow, totalsOf } from './list';
import { checkReferences, checkUnique, uniqueViolation } from './rules';
import type {
  Column, Db, From, KeyValue, PageQuery, ReadContext, TableDescription, TableName, Values, Versioned, WriteContext,
} from './types';

export type { TableDescription, Order, From } from './types';
export { reference } from './rules';

/** What names a row to remove: its key, and the version the caller read when the call carries one. */
type Removing<T extends TableName, K extends Column<T>> = { [P in K]: KeyValue<T, K> } & { version?: number };

/** The handlers of a described table (see docs/development.md, 'The service side of a plain screen'). */
export interface Resource<T extends TableName, K extends Column<T>, Row, AddIn, UpdateIn> {
  /** A page of rows: filtered, sorted, counted (up to the cap). */
  list(ctx: ReadContext, input: PageQuery): Promise<Page<Row>>;
  /** One row; 404 when there is none (or it is removed). */
  load(db: Db, key: KeyValue<T, K>, now: Date): Promise<Row>;
  add(ctx: WriteContext, input: AddIn): Promise<Row>;
  /** A versioned update: 409 when the caller read another version, and nothing changes. */
  update(ctx: WriteContext, input: UpdateIn & Versioned<T, K>): Promise<Row>;
  /** A versioned change of other values than the update's (e.g. a state); `values` null changes nothing. */
  change(ctx: WriteContext, input: Versioned<T, K>, values: (before: Row) => Values<T> | null, action: string): Promise<Row>;
  /** Deletes (or marks deleted, or disables) a row nothing refers to. */
  remove(ctx: WriteContext, input: Removing<T, K>): Promise<null>;
  /** Removes several rows in one transaction, all or nothing. */
  removeMany(ctx: WriteContext, input: { items: readonly Versioned<T, K>[] }): Promise<{ count: number }>;
}

/**
 * The service of a plain screen from its table description: list, add, versioned update and
 * removal, each change in one transaction with one audit line per changed row (before and
 * after), unique rules, references that refuse a removal, and the screen's own rules.
 */
export function resource<T extends TableName, K extends Column<T>, Raw, Row, AddIn = never, UpdateIn = never>(
  d: TableDescription<T, K, Raw, Row, AddIn, UpdateIn>,
): Resource<T, K, Row, AddIn, UpdateIn> {
  const versionColumn = d.version ?? 'version';
  const updatedAt = d.updatedAt === undefined ? 'updated_at' : d.updatedAt;
  const soft = d.removal && 'soft' in d.removal ? d.removal.soft : undefined;
  const unique = d.unique ?? [];
  const label = (row: Row, key: unknown) => (d.label ? d.label(row) : String(key));
  // Column names come from the description, typed against the table; the queries below build on them by name.
  // biome-ignore lint/suspicious/noExplicitAny: the generic engine names tables and columns at run time
  const loose = (db: Db) => db as unknown as Kysely<any>;
  const table: string = d.table;
  const stamp = (now: Date) => (updatedAt ? { [updatedAt]: now } : {});
  const bump = (now: Date) => ({ [versionColumn]: sql`${sql.ref(versionColumn)} + 1`, ...stamp(now) });
  const is = (column: string, value: unknown) => sql<boolean>`${sql.ref(column)} = ${value}`;

  const from = (db: Db): From<T> => {
    const query = loose(db).selectFrom(`${d.table} as t`) as unknown as From<T>;
    return soft ? query.where(sql<boolean>`${sql.ref(`t.${soft}`)} is null`) : query;
  };

  async function load(db: Db, key: unknown, now: Date): Promise<Row> {
    const raw = await d.select(from(db).where(is(`t.${d.key}`, key)), now).executeTakeFirst();
    if (raw === undefined) throw notFound(d.what);
    return d.toRow(raw);
  }

  /** Locks the row for the rest of the transaction and answers its record; 404 when there is none. */
  async function lock(trx: Db, key: unknown): Promise<Record<string, unknown>> {
    let query = loose(trx).selectFrom(table).selectAll().where(is(d.key, key));
    if (soft) query = query.where(sql<boolean>`${sql.ref(soft)} is null`);
    const record = await query.forUpdate().executeTakeFirst() as Record<string, unknown> | undefined;
    if (!record) throw notFound(d.what);
    return record;
  }

  const checkVersion = (record: Record<string, unknown>, version: number | undefined) => {
    if (version !== undefined && record[versionColumn] !== version) throw conflict();
  };

  const summary = (row: Row | null, extra: object = {}) => (row === null ? null : { ...d.audit.summary(row), ...extra });
  const auditLine = (trx: Db, ctx: WriteContext, action: string, key: unknown, before: object | null, after: object | null) =>
    audit(trx, ctx.user, `${d.audit.action}.${action}`, { type: d.audit.type, id: String(key) }, { before, after });

  /** Runs a change in one transaction; a unique index violated by a concurrent save answers as its rule. */
  async function transaction<R>(ctx: WriteContext, work: (trx: Db) => Promise<R>): Promise<R> {
    try {
      return await ctx.db.transaction().execute(work);
    } catch (error) {
      throw uniqueViolation(error, unique) ?? error;
    }
  }

  async function write(trx: Db, ctx: WriteContext, input: Versioned<T, K>, make: (before: Row) => Values<T> | null, action: (values: Values<T>, before: Row) => string) {
    const key = input[d.key];
    const record = await lock(trx, key);
    const before = await load(trx, key, ctx.now);
    checkVersion(record, input.version);
    const values = make(before);
    if (values === null) return before;
    await d.rules?.validate?.(trx, ctx, values, before);
    await checkUnique(trx, d.table, unique, { ...record, ...values }, { written: Object.keys(values), key: d.key, except: key, soft });
    await d.rules?.beforeUpdate?.(trx, ctx, values, before);
    await loose(trx).updateTable(table).set({ ...values, ...bump(ctx.now) })
      .where(is(d.key, key)).where(is(versionColumn, record[versionColumn])).execute();
    const after = await load(trx, key, ctx.now);
    await auditLine(trx, ctx, action(values, before), key, summary(before), summary(after));
    await d.rules?.afterWrite?.(trx, ctx, before, after);
    return after;
  }

  async function removeOne(trx: Db, ctx: WriteContext, input: Removing<T, K>) {
    const key = input[d.key];
    const record = await lock(trx, key);
    const before = await load(trx, key, ctx.now);
    checkVersion(record, input.version);
    const extra = (await d.rules?.beforeDelete?.(trx, ctx, before)) ?? {};
    await checkReferences(trx, d.references ?? [], key, label(before, key));
    const removal = d.removal;
    if (!removal) {
      await loose(trx).deleteFrom(table).where(is(d.key, key)).execute();
      await auditLine(trx, ctx, 'delete', key, summary(before, extra), null);
    } else {
      const set = 'soft' in removal ? { [removal.soft]: ctx.now } : { [removal.disable]: removal.value };
      await loose(trx).updateTable(table).set({ ...set, ...bump(ctx.now) }).where(is(d.key, key)).execute();
      if ('soft' in removal) await auditLine(trx, ctx, 'delete', key, summary(before, extra), null);
      else await auditLine(trx, ctx, 'disable', key, summary(before, extra), summary(await load(trx, key, ctx.now)));
    }
    await d.rules?.afterWrite?.(trx, ctx, before, null);
  }

  return {
    async list(ctx, input) {
      const base = filtered(from(ctx.db), d.filters ?? {}, input);
      const { limit, offset } = pageWindow(input);
      const [counted, rows] = await Promise.all([
        countUpTo(ctx.db, base),
        ordered(d.select(base, ctx.now), d.orders ?? {}, input.order, d.order, d.key).limit(limit).offset(offset).execute(),
      ]);
      return { list: rows.map(d.toRow), ...totalsOf(counted, input.pageSize) };
    },
    load,
    add: (ctx, input) => transaction(ctx, async (trx) => {
      if (!d.insert) throw new Error(`${d.table}: the description has no insert`);
      const values = d.insert(input, ctx);
      await d.rules?.validate?.(trx, ctx, values as Values<T>);
      await checkUnique(trx, d.table, unique, values as Record<string, unknown>, { written: Object.keys(values), key: d.key, soft });
      const inserted = await loose(trx).insertInto(table).values({ ...values, ...stamp(ctx.now) })
        .returning(d.key).executeTakeFirstOrThrow() as Record<string, unknown>;
      const key = inserted[d.key];
      const created = await load(trx, key, ctx.now);
      await auditLine(trx, ctx, 'create', key, null, summary(created));
      await d.rules?.afterWrite?.(trx, ctx, null, created);
      return created;
    }),
    update: (ctx, input) => transaction(ctx, async (trx) => {
      if (!d.patch) throw new Error(`${d.table}: the description has no patch`);
      await d.rules?.lock?.(trx, ctx, input);
      return write(trx, ctx, input, (before) => d.patch!(input, before, ctx), (values, before) => d.rules?.action?.(values, before) ?? 'update');
    }),
    change: (ctx, input, values, action) => transaction(ctx, (trx) => write(trx, ctx, input, values, () => action)),
    remove: (ctx, input) => transaction(ctx, async (trx) => {
      await removeOne(trx, ctx, input);
      return null;
    }),
    removeMany: (ctx, input) => transaction(ctx, async (trx) => {
      // One order for every batch, so two batches sharing rows queue instead of deadlocking.
      const byKey = new Map(input.items.map((item) => [String(item[d.key]), item]));
      const items = [...byKey.values()].sort((a, b) => String(a[d.key]).localeCompare(String(b[d.key]), 'en', { numeric: true }));
      for (const item of items) await removeOne(trx, ctx, item);
      return { count: items.length };
    }),
  };
}
