import { CALL_ACCESS } from './call-access.generated';
import type { CallPath } from './contract/calls';

/**
 * Who may make each call, as the UI reads it: generated from the call table's `access`
 * (scripts/form-rules.ts writes lib/call-access.generated.ts, zod-free), so a screen names the
 * call its button makes and the permission is derived, never copied. Requirements are strings:
 * a button 'module::action' or a page path '/…'. The server decides again; this only hides.
 */
type Alternatives = readonly (readonly string[])[];
/** Any one of the alternatives, each needing all of its requirements; 'admin' for administrators only. */
type Rule = Alternatives | 'admin';
export type CallRule = Rule | { by: readonly string[]; cases: readonly { when: Readonly<Record<string, unknown>>; rule: Rule }[] };

/** What the signed-in user holds. */
export interface Holder { admin: boolean; button: (code: string) => boolean; page: (path: string) => boolean }

/** A field's value as the access reads it: absent (nothing, empty), a number, a list, or the value itself. */
const shapeOfValue = (v: unknown) => (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) ? 'absent'
  : typeof v === 'number' ? 'number' : Array.isArray(v) ? 'list' : String(v));

function ruleFor(rule: CallRule, input: Record<string, unknown>): Rule | null {
  if (rule === 'admin' || Array.isArray(rule)) return rule as Rule;
  const { by, cases } = rule as Exclude<CallRule, Rule>;
  return cases.find((c) => by.every((f) => shapeOfValue(c.when[f]) === shapeOfValue(input[f])))?.rule ?? null;
}

/** The requirements of a call for an input: alternatives, each a list of requirements all needed; 'admin'; null when none applies. */
export const callRequirements = (path: CallPath, input: Record<string, unknown> = {}): Rule | null =>
  ruleFor((CALL_ACCESS as Record<string, CallRule>)[path] ?? 'admin', input);

/** Whether the user may make a call with this input (only the fields the call's access reads matter). */
export function callAllowed(path: CallPath, holder: Holder, input: Record<string, unknown> = {}): boolean {
  const rule = callRequirements(path, input);
  if (rule === null) return false;
  if (holder.admin) return true;
  if (rule === 'admin') return false;
  return rule.some((all) => all.every((need) => (need.startsWith('/') ? holder.page(need) : holder.button(need))));
}
