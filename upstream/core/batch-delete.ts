import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { audit } from './audit';
import type { AuthUser, CallContext } from './call';
import { conflict, notFound } from './errors';

type Trx = Transaction<Database>;

/** Something that refers to rows and so keeps them from being deleted. */
interface Reference {
  /** Message key (under `upstream`) of the refusal; params `name` (the first such row) and `count`. */
  refusal: string;
  /** The ids among `ids` that something refers to. */
  find: (trx: Trx, ids: number[]) => Promise<number[]>;
}

export interface BatchDeleteSpec<Row extends { id: number }> {
  /** Reads the rows of `ids`, locked for update (FOR UPDATE, in id order), inside the transaction. */
  lock: (trx: Trx, ids: number[]) => Promise<Row[]>;
  /** Refuses a row the caller may not delete (throws an AppError: 403, or 404 for a row they may not see). */
  check?: (trx: Trx, row: Row) => Promise<void> | void;
  /** What a refusal calls a row (e.g. its user name). */
  label: (row: Row) => string;
  /** The row's optimistic-lock version, when the caller sends the versions it read. */
  version?: (row: Row) => number;
  references: readonly Reference[];
  /** Deletes the rows and what belongs to them alone. */
  remove: (trx: Trx, ids: number[]) => Promise<void>;
  /** The refusal when the database itself finds a reference no check named (a foreign key). */
  inUse: string;
  audit: { action: string; type: string; view: (row: Row) => unknown };
  /** What a missing row is called in the 404 (missing and invisible rows look the same). */
  what: string;
}

const sqlState = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined);

/**
 * Deletes rows in one transaction, all or nothing: any row missing (or not the caller's to
 * see: 404), refused by `check`, read at another version (409) or referred to (409, the
 * message naming the row and what refers to it) refuses the whole batch and changes nothing.
 * Writes one audit line per deleted row. `items` are ids, with versions when the spec checks them.
 */
export async function batchDelete<Row extends { id: number }>(
  ctx: CallContext<AuthUser>,
  items: readonly { id: number; version?: number }[],
  spec: BatchDeleteSpec<Row>,
): Promise<{ count: number }> {
  const ids = [...new Set(items.map((item) => item.id))].sort((a, b) => a - b);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const rows = await spec.lock(trx, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      if (ids.some((id) => !byId.has(id))) throw notFound(spec.what);
      for (const row of rows) await spec.check?.(trx, row);
      for (const item of items) {
        const row = byId.get(item.id)!;
        if (item.version !== undefined && spec.version && spec.version(row) !== item.version) throw conflict('batch.stale', { name: spec.label(row) });
      }
      for (const reference of spec.references) {
        const used = await reference.find(trx, ids);
        if (used.length) throw conflict(reference.refusal, { name: spec.label(byId.get(used[0]!)!), count: used.length });
      }
      await spec.remove(trx, ids);
      for (const row of rows) {
        await audit(trx, ctx.user, spec.audit.action, { type: spec.audit.type, id: row.id },
          { before: spec.audit.view(row), after: null, ...(ids.length > 1 ? { batch: ids.length } : {}) });
      }
      return { count: rows.length };
    });
  } catch (error) {
    if (sqlState(error) === '23503') throw conflict(spec.inUse);
    throw error;
  }
}
