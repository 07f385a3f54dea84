import 'server-only';
import type { z } from '../zod';
import packageJson from '../../../package.json';
import { CALLS } from '../calls';
import type { BodyKind } from '../call';
import { SESSION_COOKIE } from '../session';
import { accessDescription, accessOf } from './access';
import { BFF_ANSWERS, fileTypesOf } from './bff';
import { INTRO } from './intro';
import { SchemaBook, type JsonSchema } from './json-schema';
import { ERROR_RESPONSES, errorsOf, successEnvelope, unavailableEnvelope } from './responses';
import { OWN_ROUTES } from './routes';

/**
 * The OpenAPI 3.1 document of the /api contract, generated from the call table
 * (lib/contract/calls): one operation per call and method, as the web application answers it.
 */

interface TableEntry {
  method?: 'GET' | 'POST';
  alsoGet?: true;
  body?: BodyKind;
  input: z.ZodType;
  output: z.ZodType;
  file?: true;
  access: unknown;
  accessBy?: string;
  page?: string;
  summary: string;
}

export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, JsonSchema>>; [key: string]: unknown };

/** The methods a call answers (the service's rule, upstream/core/dispatch.ts). */
const methodsOfCall = (spec: { method?: 'GET' | 'POST'; alsoGet?: true }): ('GET' | 'POST')[] =>
  spec.method === 'GET' ? ['GET'] : spec.alsoGet ? ['GET', 'POST'] : ['POST'];

const operationIdOf = (path: string, method: string, methods: string[]) =>
  `${path.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())}${methods.length > 1 && method === 'GET' ? 'Get' : ''}`;

function queryParameters(input: JsonSchema): JsonSchema[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = (input.required ?? []) as string[];
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

function requestBody(spec: TableEntry, input: JsonSchema): JsonSchema {
  // An empty body counts as `{}`: a body is required only when `{}` is not a valid input.
  const required = !spec.input.safeParse({}).success;
  if (spec.body && spec.body !== 'json') {
    return {
      required: true,
      description: `multipart/form-data, at most ${Math.floor(spec.body.multipart.maxBytes / 1024)} KB in all.`,
      content: { 'multipart/form-data': { schema: input } },
    };
  }
  return { required, content: { 'application/json': { schema: input } } };
}

function success(path: string, spec: TableEntry, book: SchemaBook): Record<string, JsonSchema> {
  const bff = BFF_ANSWERS[path];
  if (bff?.raw) {
    const schema = book.convert(bff.raw.schema, 'output');
    return {
      200: { description: 'Ready.', content: { 'application/json': { schema } } },
      503: { description: bff.raw.notReady, content: { 'application/json': { schema } } },
    };
  }
  if (spec.file) {
    const content = Object.fromEntries(fileTypesOf(path).map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
    return {
      200: {
        description: 'The file itself (not an envelope); errors are envelopes.',
        headers: { 'Content-Disposition': { description: 'attachment or inline, with the file name', schema: { type: 'string' } } },
        content,
      },
    };
  }
  const data = book.convert(bff?.data ?? spec.output, 'output');
  const headers = bff?.setsCookie
    ? { 'Set-Cookie': { description: `The session cookie \`${SESSION_COOKIE}\`.`, schema: { type: 'string' } } }
    : undefined;
  return {
    200: { description: 'Success.', ...(headers ? { headers } : {}), content: { 'application/json': { schema: successEnvelope(data) } } },
    ...(bff?.unavailable ? { 503: { description: bff.unavailable, content: { 'application/json': { schema: unavailableEnvelope(data) } } } } : {}),
  };
}

function operation(path: string, spec: TableEntry, method: 'GET' | 'POST', methods: ('GET' | 'POST')[], book: SchemaBook): JsonSchema {
  const bff = BFF_ANSWERS[path];
  const input = book.convert(bff?.input ?? spec.input, 'input');
  const access = accessOf(spec as Parameters<typeof accessOf>[0], input);
  const note = bff?.note;
  const isPublic = access === 'public';
  const tag = path.split('/')[0];
  return {
    operationId: operationIdOf(path, method, methods),
    tags: [tag],
    summary: spec.summary,
    description: [accessDescription(access), note].filter(Boolean).join('\n\n'),
    'x-access': access,
    ...(spec.page ? { 'x-page': spec.page } : {}),
    ...(isPublic ? { security: [] } : {}),
    ...(method === 'GET' ? { parameters: queryParameters(input) } : { requestBody: requestBody(spec, input) }),
    // The web application's own answers (a raw report) have no envelope and so none of its errors.
    responses: { ...success(path, spec, book), ...(bff?.raw ? {} : errorsOf({ path, method, access, writes: methods.length === 1 && method === 'POST' })) },
  };
}

/** Builds the document from the call table. */
export function buildOpenApiDocument(): OpenApiDocument {
  const book = new SchemaBook();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [path, entry] of Object.entries(CALLS)) {
    const spec = entry as TableEntry;
    const methods = methodsOfCall(spec);
    const item: Record<string, JsonSchema> = {};
    for (const method of methods) item[method.toLowerCase()] = operation(path, spec, method, methods, book);
    paths[`/api/${path}`] = item;
    tags.add(path.split('/', 1)[0] ?? path);
  }
  for (const [path, item] of Object.entries(OWN_ROUTES)) {
    paths[path] = item;
    for (const operation of Object.values(item)) for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Loan back office API', version: packageJson.version, description: INTRO },
    servers: [{ url: '/', description: 'This web application' }],
    tags: [...tags].sort().map((name) => ({ name })),
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
          description: 'The sealed session cookie that POST /api/admin/login sets.',
        },
      },
      responses: ERROR_RESPONSES,
      schemas: book.components,
    },
  };
}

let cached: OpenApiDocument | undefined;
/** The document, built once per process (the table does not change while it runs). */
export const openApiDocument = () => (cached ??= buildOpenApiDocument());
