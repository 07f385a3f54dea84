import type { Access, Requirement } from '../call';
import type { JsonSchema } from './json-schema';

/**
 * Who may make a call, for the OpenAPI document: in words (the operation's description) and
 * as the `x-access` extension a script or the docs page reads. A function access is spelled
 * out case by case over the values of the input field it decides by (the table's `accessBy`).
 */

export type FixedAccess = 'public' | 'user' | 'admin' | Requirement[];
export interface AccessCase { values: (string | null)[]; access: FixedAccess }
export type AccessExtension = FixedAccess | { dependsOn: string; cases: AccessCase[] };

interface AccessSpec { access: Access | ((input: never) => Access); accessBy?: string }

const fixed = (access: Access): FixedAccess =>
  typeof access === 'string' ? access : Array.isArray(access) ? [...(access as Requirement[])] : [access as Requirement];

const requirementWords = (r: Requirement) => ('permission' in r ? `the button \`${r.permission}\`` : `the page \`${r.page}\``);

export function accessWords(access: FixedAccess): string {
  if (access === 'public') return 'Anyone, without signing in.';
  if (access === 'user') return 'Any signed-in user.';
  if (access === 'admin') return 'An administrator (user type 0).';
  const holders = access.map(requirementWords);
  const one = holders.length === 1 ? holders[0] : `any one of ${holders.join(', ')}`;
  return `Administrators, and users whose roles grant ${one}.`;
}

/** The values an input field may take, by its JSON Schema (an enum, a constant, or absent when optional). */
function valuesOf(input: JsonSchema, field: string): (string | null)[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const property = properties[field];
  if (!property) throw new Error(`accessBy names ${field}, which is not an input field`);
  const enumValues = (property.enum ?? (Array.isArray(property.anyOf) ? (property.anyOf as JsonSchema[]).flatMap((b) => (b.enum as string[]) ?? []) : [])) as string[];
  if (!enumValues.length) throw new Error(`accessBy names ${field}, which is not an enum`);
  const required = ((input.required ?? []) as string[]).includes(field);
  return [...(required ? [] : [null]), ...enumValues];
}

/** The call's access for the document: fixed, or decided by one input field (every value tried). */
export function accessOf(spec: AccessSpec, input: JsonSchema): AccessExtension {
  if (typeof spec.access !== 'function') return fixed(spec.access);
  if (!spec.accessBy) throw new Error('a function access needs accessBy');
  const decide = spec.access as (input: Record<string, unknown>) => Access;
  const cases: AccessCase[] = [];
  for (const value of valuesOf(input, spec.accessBy)) {
    const access = fixed(decide({ [spec.accessBy]: value ?? undefined }));
    const same = cases.find((c) => JSON.stringify(c.access) === JSON.stringify(access));
    if (same) same.values.push(value);
    else cases.push({ values: [value], access });
  }
  return { dependsOn: spec.accessBy, cases };
}

export function accessDescription(extension: AccessExtension): string {
  if (typeof extension === 'string' || Array.isArray(extension)) return `**Access:** ${accessWords(extension)}`;
  const lines = extension.cases.map((c) => {
    const values = c.values.map((v) => (v === null ? 'absent' : `\`${v}\``)).join(', ');
    return `- \`${extension.dependsOn}\` ${values}: ${accessWords(c.access)}`;
  });
  return [`**Access:** depends on the input's \`${extension.dependsOn}\`:`, ...lines].join('\n');
}
