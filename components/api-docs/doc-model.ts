/**
 * Reads the OpenAPI document (/api/openapi.json) into what the docs page shows: the calls by
 * module, each with its methods, access, request fields and answer fields. Pure functions,
 * no React: the page renders what they return.
 */

export type Schema = { [keyword: string]: unknown };
/** How the document labels a deciding field that is given (lib/contract/openapi/access.ts). */
export const GIVEN = '(given)';
type Requirement = { permission: string } | { page: string };
export type FixedAccess = 'public' | 'user' | 'admin' | Requirement[] | { all: Requirement[] };
export type Access = FixedAccess | { dependsOn: string; cases: { values: (string | null)[]; access: FixedAccess }[] };

export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

export type Constraint =
  | { kind: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems'; value: number }
  | { kind: 'pattern' | 'format' | 'default' | 'const' | 'description'; value: string }
  | { kind: 'enum'; value: string[] }
  | { kind: 'recursive' | 'numberAsText' };

export interface FieldRow {
  key: string;
  name: string;
  type: string;
  required: boolean;
  constraints: Constraint[];
  children?: FieldRow[];
}

export interface Call {
  /** The call's path without /api/, e.g. systemUser/adminList. */
  path: string;
  tag: string;
  summary: string;
  methods: string[];
  access: Access;
  page?: string;
  note?: string;
  requestKind: 'json' | 'multipart' | 'query';
  /** The responses' codes, e.g. 200, 401, 403. */
  codes: string[];
  answer: { kind: 'envelope'; data: Schema } | { kind: 'file'; types: string[] } | { kind: 'raw'; schema: Schema };
  request: Schema;
}

const isObject = (value: unknown): value is Schema => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const COMPONENT = '#/components/schemas/';

/** Every call of the document, one per path, with the methods it answers. */
export function callsOf(doc: OpenApiDoc): Call[] {
  return Object.entries(doc.paths).map(([fullPath, item]) => {
    const methods = Object.keys(item).filter((m) => isObject(item[m]) && 'responses' in item[m]).map((m) => m.toUpperCase());
    const post = item.post;
    const op = post ?? item.get;
    if (!op) throw new Error(`${fullPath}: an operation answers POST or GET`);
    const body = (post?.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
    const multipart = body?.['multipart/form-data'];
    const request: Schema = post
      ? ((multipart ?? body?.['application/json'])?.schema as Schema) ?? {}
      : queryObject((op.parameters as Schema[] | undefined) ?? []);
    const responses = op.responses as Record<string, Schema>;
    const ok = (responses['200']?.content ?? {}) as Record<string, Schema>;
    const json = ok['application/json']?.schema as Schema | undefined;
    const envelope = json && isObject(json.properties) && 'code' in json.properties && 'data' in json.properties;
    const answer: Call['answer'] = !json
      ? { kind: 'file', types: Object.keys(ok) }
      // An envelope has `data` (checked above).
      : envelope ? { kind: 'envelope', data: (json.properties as Record<string, Schema>).data! } : { kind: 'raw', schema: json };
    const description = String(op.description ?? '');
    return {
      path: fullPath.replace(/^\/api\//, ''),
      tag: (op.tags as string[] | undefined)?.[0] ?? 'other',
      summary: String(op.summary ?? ''),
      methods,
      access: op['x-access'] as Access,
      page: op['x-page'] as string | undefined,
      note: description.split('\n\n').slice(1).join('\n\n') || undefined,
      requestKind: post ? (multipart ? 'multipart' : 'json') : 'query',
      codes: Object.keys(responses).sort(),
      answer,
      request,
    };
  });
}

function queryObject(parameters: Schema[]): Schema {
  const properties = Object.fromEntries(parameters.map((p) => [p.name as string, p.schema as Schema]));
  return { type: 'object', properties, required: parameters.filter((p) => p.required).map((p) => p.name as string) };
}

/** The calls grouped by module (tag), modules in alphabetical order, calls in document order. */
export function groupByTag(calls: Call[]): { tag: string; calls: Call[] }[] {
  const groups = new Map<string, Call[]>();
  for (const call of calls) groups.set(call.tag, [...(groups.get(call.tag) ?? []), call]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, list]) => ({ tag, calls: list }));
}

/** Whether a call matches a search: every word of it appears in its path, summary or module. */
export function matches(call: Call, query: string): boolean {
  const haystack = `${call.path} ${call.summary} ${call.tag}`.toLowerCase();
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

const refName = (schema: Schema) => (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT) ? schema.$ref.slice(COMPONENT.length) : null);

/** The type of a schema in a short notation: integer, string | null, MenuItem[], "LOGIN". */
export function typeOf(schema: Schema): string {
  const ref = refName(schema);
  if (ref) return ref;
  if ('const' in schema) return JSON.stringify(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return [...new Set(branches.map(typeOf))].join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${isObject(schema.items) ? typeOf(schema.items) : 'any'}[]`;
  if (typeof schema.type === 'string') return schema.type;
  return isObject(schema.properties) ? 'object' : 'any';
}

const NUMERIC = ['minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** The checks a schema states, its own and its branches' (an integer or its text share bounds). */
function constraintsOf(schema: Schema): Constraint[] {
  const out: Constraint[] = [];
  const seen = new Set<string>();
  const add = (c: Constraint) => {
    const key = JSON.stringify(c);
    if (!seen.has(key)) { seen.add(key); out.push(c); }
  };
  const visit = (s: Schema) => {
    for (const kind of NUMERIC) if (typeof s[kind] === 'number') add({ kind, value: s[kind] as number });
    if (Array.isArray(s.enum)) add({ kind: 'enum', value: s.enum.map(String) });
    if (typeof s.pattern === 'string') add({ kind: 'pattern', value: s.pattern });
    if (typeof s.format === 'string') add({ kind: 'format', value: s.format });
    const branches = ((s.anyOf ?? s.oneOf) as Schema[] | undefined) ?? [];
    // A number also accepted as its decimal text: the number's bounds, and a word for the text.
    const numeric = branches.find((b) => b.type === 'integer' || b.type === 'number');
    if (numeric && branches.length === 2 && branches.some((b) => b.type === 'string' && typeof b.pattern === 'string')) {
      visit(numeric);
      add({ kind: 'numberAsText' });
      return;
    }
    for (const branch of branches) if (!branch.$ref) visit(branch);
  };
  visit(schema);
  if (schema.default !== undefined) add({ kind: 'default', value: JSON.stringify(schema.default) });
  if (typeof schema.description === 'string') add({ kind: 'description', value: schema.description });
  return out;
}

/** The object a field's rows come from: the schema itself, an array's items, or the object branch of a union. */
function objectOf(schema: Schema, doc: OpenApiDoc, trail: string[]): { object: Schema | null; recursive: boolean } {
  const ref = refName(schema);
  if (ref) {
    if (trail.includes(ref)) return { object: null, recursive: true };
    const target = doc.components?.schemas?.[ref];
    return target ? objectOf(target, doc, [...trail, ref]) : { object: null, recursive: false };
  }
  if (isObject(schema.properties)) return { object: schema, recursive: false };
  if (schema.type === 'array' && isObject(schema.items)) return objectOf(schema.items, doc, trail);
  for (const branch of ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? []) {
    const found = objectOf(branch, doc, trail);
    if (found.object || found.recursive) return found;
  }
  return { object: null, recursive: false };
}

/** Field rows of a schema (its properties, nested objects as children); a union of objects shows every branch's fields. */
export function fieldsOf(schema: Schema, doc: OpenApiDoc, trail: string[] = [], prefix = ''): FieldRow[] {
  const branches = ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined)?.filter((b) => isObject(b.properties));
  if (!isObject(schema.properties) && branches?.length) return mergeBranches(branches, doc, trail, prefix);
  const { object } = objectOf(schema, doc, trail);
  if (!object) return [];
  const ref = refName(schema.type === 'array' && isObject(schema.items) ? schema.items : schema);
  const nextTrail = ref ? [...trail, ref] : trail;
  const required = (object.required ?? []) as string[];
  return Object.entries(object.properties as Record<string, Schema>).map(([name, property]) => row(name, property, required.includes(name), doc, nextTrail, prefix));
}

function row(name: string, property: Schema, required: boolean, doc: OpenApiDoc, trail: string[], prefix: string): FieldRow {
  const key = `${prefix}${name}`;
  const { object, recursive } = objectOf(property, doc, trail);
  const ref = refName(property.type === 'array' && isObject(property.items) ? property.items : property);
  const children = object ? fieldsOf(object, doc, ref ? [...trail, ref] : trail, `${key}.`) : [];
  return {
    key, name, type: typeOf(property), required,
    constraints: [...constraintsOf(property), ...(recursive ? [{ kind: 'recursive' } as const] : [])],
    ...(children.length ? { children } : {}),
  };
}

function mergeBranches(branches: Schema[], doc: OpenApiDoc, trail: string[], prefix: string): FieldRow[] {
  const byName = new Map<string, FieldRow & { count: number; schemas: Schema[] }>();
  for (const branch of branches) {
    for (const field of fieldsOf(branch, doc, trail, prefix)) {
      const known = byName.get(field.name);
      // fieldsOf lists the branch's own properties, so the field is one of them.
      const schema = (branch.properties as Record<string, Schema>)[field.name]!;
      if (!known) byName.set(field.name, { ...field, count: 1, schemas: [schema] });
      else byName.set(field.name, { ...known, required: known.required && field.required, count: known.count + 1, schemas: [...known.schemas, schema] });
    }
  }
  return [...byName.values()].map(({ count, schemas, ...field }) => ({
    ...field,
    type: [...new Set(schemas.map(typeOf))].join(' | '),
    required: field.required && count === branches.length,
  }));
}

/** The name of the session cookie the document's security scheme names. */
export function sessionCookieOf(doc: OpenApiDoc): string {
  const scheme = Object.values(doc.components?.securitySchemes ?? {}).find((s) => s.in === 'cookie');
  return String(scheme?.name ?? '');
}

/** The sh example of the document's introduction (its first fenced block), if any. */
export function shellExample(doc: OpenApiDoc): string | null {
  const match = /```sh\n([\s\S]*?)```/.exec(doc.info.description ?? '');
  return match?.[1]?.trimEnd() ?? null;
}
