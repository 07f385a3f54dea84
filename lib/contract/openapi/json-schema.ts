import { createHash } from 'node:crypto';
import { z } from '../zod';
import { menuItem } from '../auth';
import { orgTreeNode } from '../organiza';
import { permissionNode } from '../permission';
import { uploadedPart } from '../files';
import { pageSize } from '../fields';
import { PAGE_SIZES } from '../limits';
import { captcha, mail, mobile, newPassword, oldPassword, password, username } from '../validation';
import { MAIL_PATTERN, MOBILE_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MIX_PATTERN } from '../rules';
import { FILE_MAX_BYTES, FILE_TYPES } from '../../workflow/files';

/**
 * zod 4's JSON Schema output of the call table's schemas, made fit for one OpenAPI 3.1
 * document: recursive schemas become named entries of components/schemas (their `$ref`s
 * rewritten to point there), what JSON Schema cannot say is said the way a caller meets it
 * (a date travels as an ISO string, an uploaded file is a binary part), and an integer
 * accepted as a JSON number or as its decimal text keeps its bounds and default.
 */

export type JsonSchema = { [key: string]: unknown };
export type Io = 'input' | 'output';

/**
 * What the document says of some schemas beyond zod's output: the recursive trees by the
 * names they have in components/schemas, and the checks of refinements (page sizes, the form
 * fields of lib/contract/rules.ts) as JSON Schema keywords.
 */
const NOTES = z.registry<{ id?: string; [keyword: string]: unknown }>();
NOTES.add(menuItem, { id: 'MenuItem' });
NOTES.add(orgTreeNode, { id: 'OrgTreeNode' });
NOTES.add(permissionNode, { id: 'PermissionNode' });
NOTES.add(pageSize, { description: `Rows per page: one of ${PAGE_SIZES.join(', ')}.` });
NOTES.add(username, { minLength: 1, maxLength: 64 });
NOTES.add(password, { minLength: 1, maxLength: 128 });
NOTES.add(oldPassword, { minLength: 1, maxLength: 128 });
NOTES.add(newPassword, { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, pattern: PASSWORD_MIX_PATTERN.source, description: 'Letters and digits, at least one of each.' });
NOTES.add(mail, { format: 'email', maxLength: 254, pattern: MAIL_PATTERN.source });
NOTES.add(mobile, { pattern: MOBILE_PATTERN.source, description: 'A mainland China mobile number.' });
NOTES.add(captcha, { minLength: 1, maxLength: 12 });

const COMPONENTS = '#/components/schemas/';

const FILE_PART: JsonSchema = {
  type: 'string',
  contentMediaType: 'application/octet-stream',
  description: `The file: ${Object.keys(FILE_TYPES).join(', ')} (by its content), at most ${FILE_MAX_BYTES / 1024 / 1024} MB.`,
};

type ZodDef = { type: string; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;
const isTransform = (schema: z.ZodType | undefined) => Boolean(schema && (schema as unknown as { _zod: { traits: Set<string> } })._zod.traits.has('$ZodTransform'));

function replace(target: JsonSchema, source: JsonSchema) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

const isNumeric = (schema: JsonSchema) => schema.type === 'integer' || schema.type === 'number';

/** Adjusts zod's output, schema by schema, for what a caller of the HTTP API sends and gets. */
function adjust(io: Io) {
  return ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
    if (zodSchema === uploadedPart) return replace(jsonSchema, { ...FILE_PART });
    const def = defOf(zodSchema);
    // Integers without bounds of their own say nothing by JavaScript's safe-integer limits.
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    // A Date is answered as JSON: an ISO 8601 string.
    if (def.type === 'date') return replace(jsonSchema, { type: 'string', format: 'date-time' });
    if (io !== 'input') return;
    // `int()` and its kin: a JSON number or its decimal text, piped into a bounded number.
    if (def.type === 'pipe' && !isTransform(def.in) && Array.isArray(jsonSchema.anyOf)) {
      const out = z.toJSONSchema(def.out!, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
      delete out.$schema;
      if (isNumeric(out)) {
        jsonSchema.anyOf = (jsonSchema.anyOf as JsonSchema[]).map((branch) =>
          branch.type === 'number' ? out : branch.type === 'string' ? { ...branch, description: 'The same number as decimal text.' } : branch);
      }
    }
    // zod leaves defaults out of transforming inputs; a plain default value is still what an absent field means.
    if (def.type === 'default' && jsonSchema.default === undefined) {
      const value = def.defaultValue;
      if (['string', 'number', 'boolean'].includes(typeof value)) jsonSchema.default = value;
    }
  };
}

function rewriteRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, names));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      const name = names.get(decodeURIComponent(value.slice('#/$defs/'.length)));
      if (!name) throw new Error(`unresolved ${value}`);
      out.$ref = `${COMPONENTS}${name}`;
    } else {
      out[key] = rewriteRefs(value, names);
    }
  }
  return out;
}

const stable = (value: unknown) => JSON.stringify(value);

/** Collects the schemas of one document: each conversion answers an inline schema; shared definitions land in `components`. */
export class SchemaBook {
  readonly components: Record<string, JsonSchema> = {};

  /** The JSON Schema of what a caller sends (`input`) or gets (`output`) for a zod schema. */
  convert(schema: z.ZodType, io: Io): JsonSchema {
    const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: NOTES, override: adjust(io) }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = raw;
    const names = new Map<string, string>();
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      names.set(id, this.nameOf(id, io, definition));
    }
    const rewrite = (value: unknown) => rewriteRefs(value, names) as JsonSchema;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.store(names.get(id)!, rewrite(definition));
    }
    return rewrite(root);
  }

  /** A named definition keeps its name (with `Input` when it describes what is sent); an unnamed one is named by its content. */
  private nameOf(id: string, io: Io, definition: JsonSchema): string {
    if (!id.startsWith('__schema')) return io === 'input' ? `${id}Input` : id;
    return `Schema${createHash('sha256').update(stable(definition)).digest('hex').slice(0, 10)}`;
  }

  private store(name: string, definition: JsonSchema) {
    const known = this.components[name];
    if (known && stable(known) !== stable(definition)) throw new Error(`two different schemas named ${name}`);
    this.components[name] = definition;
  }
}
