import type { z } from 'zod';
import type { Access, CallSpec, Requirement } from './call';

/**
 * The inputs that decide a call's access, read off its schema: every combination of values its
 * `accessBy` fields take (left out when optional, a number, a list, each enum value). The UI's
 * access table (scripts/form-rules.ts) and the generated refusal tests both come from here.
 */
interface Def { type?: string; innerType?: unknown; out?: unknown; in?: unknown; entries?: Record<string, unknown>; shape?: Record<string, z.ZodType> }
const defOf = (s: unknown) => (s as { _zod?: { def?: Def } })._zod?.def;
type Spec = Pick<CallSpec, 'input' | 'access' | 'accessBy'>;

/** The values of an enum field (through optional, default and preprocess wrappers), else none. */
function enumValues(schema: unknown): unknown[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return enumValues(def.innerType);
  if (def.type === 'pipe') return enumValues(def.out);
  return [];
}

/** The fields of a call's input (an object, or a refined object). */
export function shapeOf(spec: Pick<Spec, 'input'>): Record<string, z.ZodType> {
  const def = defOf(spec.input);
  return def?.shape ?? (def?.type === 'pipe' ? defOf(def.in)?.shape : undefined) ?? {};
}

/** Every combination of values the named fields take (left out when optional, each enum value, a number, a list). */
export function combinations(spec: Pick<Spec, 'input'>, fields: readonly string[]): Record<string, unknown>[] {
  const shape = shapeOf(spec);
  let combos: Record<string, unknown>[] = [{}];
  for (const field of fields) {
    const schema = shape[field];
    if (!schema) continue;
    const values = [undefined, 1, [1], ...enumValues(schema)].filter((v) => schema.safeParse(v).success);
    combos = combos.flatMap((combo) => values.map((v) => (v === undefined ? combo : { ...combo, [field]: v })));
  }
  return combos;
}

export const accessFields = (spec: Spec): string[] => (!spec.accessBy ? [] : typeof spec.accessBy === 'string' ? [spec.accessBy] : [...spec.accessBy]);

/** The inputs that decide a call's access: one empty input, or every combination of its `accessBy` fields. */
export function accessInputs(spec: Spec): Record<string, unknown>[] {
  if (typeof spec.access !== 'function' || !spec.accessBy) return [{}];
  return combinations(spec, accessFields(spec));
}

/** A call's access for an input. */
export const accessOf = (spec: Spec, input: Record<string, unknown>): Access =>
  (typeof spec.access === 'function' ? spec.access(input) : spec.access);

/** An access as alternatives, each a list of requirements all needed ('admin' stays as it is). */
export function alternatives(access: Access): 'admin' | Requirement[][] {
  if (access === 'admin') return 'admin';
  if (access === 'public' || access === 'user') return [[]];
  if ('all' in access) return [[...access.all]];
  return (Array.isArray(access) ? access : [access as Requirement]).map((r) => [r]);
}
