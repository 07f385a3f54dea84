import type { Access, Requirement } from '../call';
import type { JsonSchema } from './json-schema';

/**
 * Who may make a call, for the OpenAPI document: in words (the operation's description) and
 * as the `x-access` extension a script or the docs page reads. A function access is spelled
 * out case by case over the values of the input field it decides by (the table's `accessBy`).
 */

/** A list grants access to a holder of any one requirement; `all` to a holder of every one. */
type FixedAccess = 'public' | 'user' | 'admin' | Requirement[] | { all: Requirement[] };
interface AccessCase { values: (string | null)[]; access: FixedAccess }
export type AccessExtension = FixedAccess | { dependsOn: string; cases: AccessCase[] };

interface AccessSpec { access: Access | ((input: never) => Access); accessBy?: string | readonly string[] }

const fixed = (access: Access): FixedAccess =>
  typeof access === 'string' ? access : Array.isArray(access) ? [...(access as Requirement[])]
    : 'all' in access ? { all: [...access.all] } : [access as Requirement];

const requirementWords = (r: Requirement) => ('permission' in r ? `the button \`${r.permission}\`` : `the page \`${r.page}\``);

function accessWords(access: FixedAccess): string {
  if (access === 'public') return 'Anyone, without signing in.';
  if (access === 'user') return 'Any signed-in user.';
  if (access === 'admin') return 'An administrator (user type 0).';
  if (!Array.isArray(access)) return `Administrators, and users whose roles grant every one of ${access.all.map(requirementWords).join(', ')}.`;
  const holders = access.map(requirementWords);
  const one = holders.length === 1 ? holders[0] : `any one of ${holders.join(', ')}`;
  return `Administrators, and users whose roles grant ${one}.`;
}

/** What the docs show for a field that is given (when access depends on its presence, not its value). */
const GIVEN = '(given)';

/**
 * The values an input field may take, by its JSON Schema: an enum's values (and absent when
 * optional), or, for any other field, absent and given (with a sample value to decide by).
 */
function valuesOf(input: JsonSchema, field: string): { label: string | null; value: unknown }[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const property = properties[field];
  if (!property) throw new Error(`accessBy names ${field}, which is not an input field`);
  const enumValues = (property.enum ?? (Array.isArray(property.anyOf) ? (property.anyOf as JsonSchema[]).flatMap((b) => (b.enum as string[]) ?? []) : [])) as string[];
  const required = ((input.required ?? []) as string[]).includes(field);
  const absent = required ? [] : [{ label: null, value: undefined }];
  if (enumValues.length) return [...absent, ...enumValues.map((v) => ({ label: v, value: v }))];
  const sample = property.type === 'array' ? [1] : property.type === 'string' ? 'x' : 1;
  return [...absent, { label: GIVEN, value: sample }];
}

/** The call's access for the document: fixed, or decided by one input field (every value tried). */
export function accessOf(spec: AccessSpec, input: JsonSchema): AccessExtension {
  if (typeof spec.access !== 'function') return fixed(spec.access);
  if (!spec.accessBy) throw new Error('a function access needs accessBy');
  const fields = typeof spec.accessBy === 'string' ? [spec.accessBy] : [...spec.accessBy];
  const decide = spec.access as (input: Record<string, unknown>) => Access;
  // Every combination of the deciding fields' values, labelled field by field when there are several.
  let combos: { labels: (string | null)[]; input: Record<string, unknown> }[] = [{ labels: [], input: {} }];
  for (const field of fields) {
    combos = combos.flatMap((c) => valuesOf(input, field).map((v) => ({ labels: [...c.labels, v.label], input: { ...c.input, [field]: v.value } })));
  }
  const cases: AccessCase[] = [];
  for (const combo of combos) {
    const access = fixed(decide(combo.input));
    const value = fields.length === 1 ? combo.labels[0]! : fields.map((f, i) => `${f} ${combo.labels[i] ?? '-'}`).join(', ');
    const same = cases.find((c) => JSON.stringify(c.access) === JSON.stringify(access));
    if (same) same.values.push(value);
    else cases.push({ values: [value], access });
  }
  return { dependsOn: fields.join(', '), cases };
}

export function accessDescription(extension: AccessExtension): string {
  if (typeof extension === 'string' || !('dependsOn' in extension)) return `**Access:** ${accessWords(extension)}`;
  const lines = extension.cases.map((c) => {
    const values = c.values.map((v) => (v === null ? 'absent' : `\`${v}\``)).join(', ');
    return `- \`${extension.dependsOn}\` ${values}: ${accessWords(c.access)}`;
  });
  return [`**Access:** depends on the input's \`${extension.dependsOn}\`:`, ...lines].join('\n');
}
