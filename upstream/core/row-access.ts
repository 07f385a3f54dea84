import type { RowAccess } from '../../lib/contract/call';
import type { AuthUser, CallContext } from './call';

/**
 * How the dispatcher resolves one kind of record named by a call's input (`row` in the call
 * table): it throws 404 when the record lies outside the caller's scope and 403 when the rule
 * asks for a button the caller does not hold at the record's own stage. A module adds its kind
 * (a case, a loan...) to the map the service is built with (upstream/app.ts).
 */
export type RowKind = (ctx: CallContext<AuthUser>, id: number, rule: RowAccess) => Promise<void>;
export type RowKinds = Readonly<Record<string, RowKind>>;

/** Resolves a call's row access for its parsed input, before the handler runs. */
export async function resolveRow(kinds: RowKinds, ctx: CallContext<AuthUser>, rule: RowAccess, input: unknown): Promise<void> {
  const kind = kinds[rule.of];
  if (!kind) throw new Error(`no row kind '${rule.of}'`);
  const id = (input as Record<string, unknown>)[rule.by];
  if (typeof id !== 'number') throw new Error(`row access of '${rule.of}' by '${rule.by}': the input holds no number there`);
  await kind(ctx, id, rule);
}

/** Every row kind a call of the table declares has a resolver (checked when the service starts). */
export function checkRowKinds(kinds: RowKinds, calls: readonly { path: string; spec: { row?: RowAccess } }[]) {
  const unknown = calls.filter((c) => c.spec.row && !kinds[c.spec.row.of]).map((c) => `${c.path} (${c.spec.row!.of})`);
  if (unknown.length) throw new Error(`calls with a row kind no module resolves: ${unknown.join(', ')}`);
}
