import type { Expression, ExpressionBuilder, Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser, CallContext } from '../call';

export type Db = Kysely<Database>;
export type TableName = keyof Database & string;
export type Column<T extends TableName> = keyof Database[T] & string;
/** The database with the described table under the alias `t`, as the kit reads it. */
export type Aliased<T extends TableName> = Database & { t: Database[T] };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type From<T extends TableName> = SelectQueryBuilder<Aliased<T>, 't', {}>;
/** The value of a row's key column (an id, or a natural key such as a stage). */
export type KeyValue<T extends TableName, K extends Column<T>> = K extends keyof Selectable<Database[T]> ? Selectable<Database[T]>[K] : never;
/** What names one row of a versioned change: its key and the version the caller read. */
export type Versioned<T extends TableName, K extends Column<T>> = { [P in K]: KeyValue<T, K> } & { version: number };
/** The values a change writes (the kit adds the version and updated_at). */
export type Values<T extends TableName> = Updateable<Database[T]>;

export type WriteContext = CallContext<AuthUser>;
export type ReadContext = Pick<CallContext, 'db' | 'now'>;

/** The paging and order every list input carries (lib/contract/fields pageInput). */
export interface PageQuery { pageNum: number; pageSize: number; order?: string }

/**
 * A search filter of a list input field: equal to a column, contained in it or in any of several
 * (LIKE, any case; e.g. a name kept in both languages),
 * a date range bound on a timestamp column (a China calendar day, YYYY-MM-DD: `from` that
 * day on, `to` through that day), or a function of the query and the value. Blank is absent.
 */
export type Filter<T extends TableName> =
  | { equals: Column<T> }
  | { contains: Column<T> | readonly Column<T>[] }
  | { from: Column<T> }
  | { to: Column<T> }
  | ((query: From<T>, value: unknown) => From<T>);

/** A sort a list offers: a column, or an expression (ties go to the key, in the same direction). */
export type Order<T extends TableName> = Column<T> | ((eb: ExpressionBuilder<Aliased<T>, 't'>) => Expression<unknown>);

/**
 * A column's value is unique (per the values of `per`, ignoring case if asked) among rows not
 * deleted: a save that breaks it is a 422 naming `field` with the message `key`. Safe under
 * concurrency: through `index`, the unique index enforcing the rule (its violation gets the same
 * answer), or, without one, a transaction lock taken on the value before the check.
 */
export interface UniqueRule<T extends TableName> {
  field: string;
  column: Column<T>;
  per?: readonly Column<T>[];
  ignoreCase?: boolean;
  /** An empty text is no value: many rows may leave it empty (e.g. an optional second-language name). */
  ignoreEmpty?: boolean;
  key: string;
  index?: string;
}

/** Something that refers to a row and so keeps it from being removed (see `reference`). */
export interface Reference {
  /** Message key (under `upstream`) of the 409; its params are `count` and `name` (the row's label). */
  key: string;
  count: (trx: Db, key: unknown) => Promise<number>;
}

/** How a row goes: deleted (the default), marked deleted (`soft`: a timestamp column), or disabled. */
type Removal<T extends TableName> = { soft: Column<T> } | { disable: Column<T>; value: string };

/** A screen's own rules, run inside the change's transaction. Each may throw an AppError. */
interface Rules<T extends TableName, Row, UpdateIn> {
  /** Before an update locks its row: lock other rows first, in one fixed order. */
  lock?: (trx: Db, ctx: WriteContext, input: UpdateIn) => Promise<void>;
  /** Checks the values of an add (no `before`) or an update, after the version check. */
  validate?: (trx: Db, ctx: WriteContext, values: Values<T>, before?: Row) => Promise<void> | void;
  /** Other writes an update brings, just before its own (audited by the rule). */
  beforeUpdate?: (trx: Db, ctx: WriteContext, values: Values<T>, before: Row) => Promise<void>;
  /** Refuses a removal, after the version check and before the references; may answer more for the audit line. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook may return nothing at all
  beforeDelete?: (trx: Db, ctx: WriteContext, before: Row) => Promise<object | void> | object | void;
  /** Other writes a change brings, after its own in the same transaction (audited by the rule); `before` is null on an add, `after` on a removal. */
  afterWrite?: (trx: Db, ctx: WriteContext, before: Row | null, after: Row | null) => Promise<void>;
  /** The audit action of an update (after the prefix), e.g. 'state' for an enabling; default 'update'. */
  action?: (values: Values<T>, before: Row) => string;
}

/** The description of a plain screen's table: what the kit needs to list, add, update and remove its rows. */
export interface TableDescription<T extends TableName, K extends Column<T>, Raw, Row, AddIn, UpdateIn> {
  table: T;
  /** The column naming a row: 'id', or a natural key. */
  key: K;
  /** What a 404 names. Default 'record'. */
  what?: string;
  /** The optimistic-lock column. Default 'version'. */
  version?: Column<T>;
  /** Set to the call's time on every write; null when the table has none. Default 'updated_at'. */
  updatedAt?: Column<T> | null;
  /** The columns of a row as the screen shows it (the table is `t`); `now` is the call's time. */
  select: (query: From<T>, now: Date) => SelectQueryBuilder<Aliased<T>, 't', Raw>;
  toRow: (raw: Raw) => Row;
  /** A row's name in a refusal (`name` param). Default its key. */
  label?: (row: Row) => string;
  /** Search filters by list input field. */
  filters?: Readonly<Record<string, Filter<T>>>;
  /** Sorts by name; the input's `order` picks one (`-name` descending), else `order`. */
  orders?: Readonly<Record<string, Order<T>>>;
  order?: string;
  /** Audit lines: target type, action prefix (`<prefix>.create`...) and what a line keeps of a row. */
  audit: { type: string; action: string; summary: (row: Row) => object };
  removal?: Removal<T>;
  unique?: readonly UniqueRule<T>[];
  references?: readonly Reference[];
  /** The row an add writes (the kit adds updated_at). */
  insert?: (input: AddIn, ctx: WriteContext) => Insertable<Database[T]>;
  /** The values an update writes, from its input and the row before; null when nothing changes. */
  patch?: (input: UpdateIn, before: Row, ctx: WriteContext) => Values<T> | null;
  rules?: Rules<T, Row, UpdateIn>;
}
