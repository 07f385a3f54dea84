import type { CallPath } from '../contract/calls';
import type { FieldRule, FormRules } from '../contract/form-rules';
import type { FieldSpec } from './types';

const FORM_RULES: FormRules = {};

/**
 * Called by each spec file's generated rules (./rules/<file>.generated.ts, written by
 * scripts/form-rules.ts), which the spec file imports: a page holds the rules of the calls its
 * specs name, not every call's.
 */
export function addFormRules(rules: FormRules) {
  Object.assign(FORM_RULES, rules);
}

/**
 * A spec's fields with the rules of the call they are sent to, read off its input schema
 * (lib/contract/form-rules.ts, generated into ./rules, the spec file's calls' rules): required, longest text,
 * number ranges and patterns, each with the service's message key. A number out of range is
 * said so (not silently clamped by the input). What a spec sets itself wins,
 * so a spec only writes what the schema cannot say.
 */
export function withCallRules(fields: FieldSpec[], call: CallPath | undefined): FieldSpec[] {
  const rules = call ? FORM_RULES[call] : undefined;
  if (!rules) return fields;
  return fields.map((field) => {
    const rule = rules[field.name];
    return rule ? merged(field, rule) : field;
  });
}

function merged(field: FieldSpec, rule: FieldRule): FieldSpec {
  const numeric = rule.type === 'number' && field.kind === 'number';
  return {
    ...field,
    required: field.required ?? rule.required !== undefined,
    // A rich text's schema bounds its markup; the longest text is the spec's own `max`.
    max: field.max ?? (rule.type === 'string' && field.kind !== 'richText' ? rule.max?.[0] : undefined),
    check: field.check ?? patternCheck(rule) ?? (numeric ? rangeCheck(rule) : undefined),
  };
}

function patternCheck(rule: FieldRule): FieldSpec['check'] {
  if (!rule.patterns?.length) return undefined;
  const patterns = rule.patterns.map(([source, flags, key]) => [new RegExp(source, flags), key] as const);
  return (value) => {
    if (typeof value !== 'string' || value.trim() === '') return null;
    return patterns.find(([pattern]) => !pattern.test(value.trim()))?.[1] ?? null;
  };
}

function rangeCheck(rule: FieldRule): FieldSpec['check'] {
  if (!rule.min && !rule.max && !rule.integer) return undefined;
  return (value) => {
    if (typeof value !== 'number') return null;
    if (rule.integer && !Number.isInteger(value)) return rule.integer;
    if (rule.min && value < rule.min[0]) return rule.min[1];
    if (rule.max && value > rule.max[0]) return rule.max[1];
    return null;
  };
}
