import type { z } from 'zod';
import { CALLS } from './calls';

/**
 * The form rules of every call's input fields, read off the input schemas of the call table:
 * what a form needs to check a value before sending it (required, length or range, patterns),
 * each with the message key the service would answer. scripts/form-rules.ts writes them, per
 * screen spec file, to lib/resources/rules, so the browser gets a page's rules without the
 * schemas (and without zod); a unit test keeps those files in step with the table.
 */
export interface FieldRule {
  /** Message key when the value is missing or blank; absent: the field may be left empty. */
  required?: string;
  type: 'string' | 'number' | 'enum' | 'boolean' | 'array' | 'object' | 'other';
  /** Shortest and longest text, or smallest and largest number (with their message keys). */
  min?: [number, string];
  max?: [number, string];
  integer?: string;
  /** Patterns a text must match: source, flags and message key. */
  patterns?: [string, string, string][];
}
export type FormRules = Record<string, Record<string, FieldRule>>;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: Record<string, unknown>;
  options?: unknown[];
  error?: (issue: object) => unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;
const keyOf = (error: ((issue: object) => unknown) | undefined): string | undefined => {
  const key = error?.({});
  return typeof key === 'string' ? key : undefined;
};

/** The rule of one field: optional, default, nullable, preprocess and pipes unwrapped to the schema that checks the value. */
function fieldRule(schema: unknown): FieldRule {
  let required = true;
  let def = defOf(schema);
  let typeKey: string | undefined;
  for (let guard = 0; def && guard < 20; guard += 1) {
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') {
      required = false;
      def = defOf(def.innerType);
    } else if (def.type === 'pipe') {
      // preprocess: (transform -> schema); a number of the table: (union of number and text -> number).
      const inner = defOf(def.in);
      // biome-ignore lint/complexity/noCommaOperator: notes the key of the first wrapper while unwrapping
      def = inner?.type === 'transform' || inner?.type === 'union' ? (typeKey ??= keyOf(inner.error), defOf(def.out)) : inner;
    } else {
      break;
    }
  }
  const rule: FieldRule = { type: 'other' };
  if (!def) return rule;
  const key = keyOf(def.error) ?? typeKey ?? 'validation.invalid';
  switch (def.type) {
    case 'string': rule.type = 'string'; break;
    case 'number': rule.type = 'number'; break;
    case 'enum': case 'literal': rule.type = 'enum'; break;
    case 'boolean': rule.type = 'boolean'; break;
    case 'array': rule.type = 'array'; break;
    case 'object': rule.type = 'object'; break;
    default: break;
  }
  if (required) rule.required = key;
  for (const { _zod: { def: check } } of def.checks ?? []) {
    const message = keyOf(check.error) ?? key;
    if (check.check === 'min_length' && check.minimum !== undefined) {
      if (check.minimum === 1 && rule.required) rule.required = message;
      else rule.min = [check.minimum, message];
    } else if (check.check === 'max_length' && check.maximum !== undefined) {
      rule.max = [check.maximum, message];
    } else if (check.check === 'greater_than' && check.value !== undefined) {
      rule.min = [check.inclusive ? check.value : check.value + (rule.integer ? 1 : Number.EPSILON), message];
    } else if (check.check === 'less_than' && check.value !== undefined) {
      rule.max = [check.inclusive ? check.value : check.value - (rule.integer ? 1 : Number.EPSILON), message];
    } else if (check.check === 'number_format' && check.format === 'safeint') {
      rule.integer = message;
    } else if (check.check === 'string_format' && check.pattern) {
      (rule.patterns ??= []).push([check.pattern.source, check.pattern.flags, message]);
    }
  }
  return rule;
}

/** The fields of an input: an object's, a refined object's, or the union of its options' (a discriminated union). */
function fieldsOf(schema: unknown): Record<string, unknown> {
  const def = defOf(schema);
  if (!def) return {};
  if (def.type === 'object' && def.shape) return def.shape;
  if (def.type === 'pipe') return fieldsOf(def.in);
  if (def.type === 'union' && def.options) return Object.assign({}, ...def.options.map(fieldsOf));
  return {};
}

/** The rules of every call's input fields, by call path and field name. */
export function formRules(): FormRules {
  const rules: FormRules = {};
  for (const [path, spec] of Object.entries(CALLS) as [string, { input: z.ZodType }][]) {
    const fields = Object.entries(fieldsOf(spec.input));
    if (fields.length) rules[path] = Object.fromEntries(fields.map(([name, schema]) => [name, fieldRule(schema)]));
  }
  return rules;
}
