import { rowRules, type RowAccess } from '../../lib/contract/call';
import type { AuthUser, CallContext } from './call';

/**
 * How the dispatcher resolves one kind of record named by a call's input (`row` in the call
 * table): it throws 404 when the record lies outside the caller's scope and 403 when the rule
 * asks for a button the caller does not hold (at the record's own stage, or for the change the
 * input makes to it). `input` holds the input's fields the rule names (`by`, `when`, `changes`).
 * A module adds its kind (a case, a loan...) to the map the service is built with (upstream/app.ts).
 */
export type RowKind = (ctx: CallContext<AuthUser>, id: number, rule: RowAccess, input: Readonly<Record<string, unknown>>) => Promise<void>;
export type RowKinds = Readonly<Record<string, RowKind>>;

/** The input fields a rule reads: the record's, the one that makes its button needed, the ones whose changes need buttons. */
export const ruleFields = (rule: RowAccess): string[] =>
  [rule.by, ...(rule.when ? [rule.when] : []), ...Object.keys(rule.changes ?? {})];

/**
 * Resolves a rule of a call's row access for its input (the fields the rule reads, parsed): an
 * absent record (an optional field) is none to check, a list names every record in it.
 */
export async function resolveRow(kinds: RowKinds, ctx: CallContext<AuthUser>, rule: RowAccess, input: unknown): Promise<void> {
  const kind = kinds[rule.of];
  if (!kind) throw new Error(`no row kind '${rule.of}'`);
  const fields = input as Record<string, unknown>;
  const named = fields[rule.by];
  if (named === undefined || named === null) return;
  const ids = Array.isArray(named) ? named : [named];
  if (!ids.every((id) => typeof id === 'number')) throw new Error(`row access of '${rule.of}' by '${rule.by}': the input holds no number there`);
  for (const id of ids as number[]) await kind(ctx, id, rule, fields);
}

/** Every row kind a call of the table declares has a resolver (checked when the service starts). */
export function checkRowKinds(kinds: RowKinds, calls: readonly { path: string; spec: { row?: RowAccess | readonly RowAccess[] } }[]) {
  const unknown = calls.flatMap((c) => rowRules(c.spec).filter((rule) => !kinds[rule.of]).map((rule) => `${c.path} (${rule.of})`));
  if (unknown.length) throw new Error(`calls with a row kind no module resolves: ${unknown.join(', ')}`);
}
