import type { AccessExtension } from './access';
import type { JsonSchema } from './json-schema';

/**
 * The envelope `{code, message, data}` of every answer (DESIGN.md section 3) and the error
 * answers of the closed catalogue, as shared responses the operations refer to.
 */

const envelope = (code: JsonSchema, data: JsonSchema, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties: { code, message: { type: 'string', description: 'A text for people, in the caller\'s language.' }, data },
  required: ['code', 'message', 'data'],
});

export const successEnvelope = (data: JsonSchema) => envelope({ const: 200 }, data);
export const unavailableEnvelope = (data: JsonSchema) => envelope({ const: 503 }, data);

const nothing: JsonSchema = { type: 'null' };

function errorResponse(code: number, description: string, data: JsonSchema = nothing): JsonSchema {
  return { description, content: { 'application/json': { schema: envelope({ const: code }, data) } } };
}

/** Calls that count attempts and answer 429 (sign-in, SMS codes, password changes, the portal's consultations per address). */
const THROTTLED = new Set(['admin/login', 'admin/sendSms', 'admin/updatePassWord', 'systemUser/updatePassWord', 'mobile/public/businssConsult/add']);

export const ERROR_RESPONSES: Record<string, JsonSchema> = {
  Unauthorized: errorResponse(401, 'No session, or it expired (the session cookie is cleared): sign in again.'),
  Forbidden: errorResponse(403, 'Not permitted: the user lacks the access the call needs, or a write came from another site (Origin).'),
  NotFound: errorResponse(404, 'No such call (or not with this method), or no such record.'),
  Conflict: errorResponse(409, 'Conflict: the record changed since it was read (stale version), the action was already taken, or the record is in use. Nothing changed.', {
    anyOf: [nothing, { type: 'object' }],
  }),
  Invalid: errorResponse(422, 'Invalid input: `data.fields` maps each refused field (dotted path, `_` for the whole body) to a message key.', {
    type: 'object',
    properties: { fields: { type: 'object', additionalProperties: { type: 'string' }, examples: [{ pageSize: 'validation.pageSize' }] } },
    required: ['fields'],
  }),
  TooMany: errorResponse(429, 'Too many attempts: the account, the client address or the mobile is locked for a while.'),
  ServerError: errorResponse(500, 'An unexpected error (the service logs it with an error id; the message never carries internals).', {
    anyOf: [nothing, { type: 'object', properties: { errorId: { type: 'string', format: 'uuid' } }, required: ['errorId'] }],
  }),
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error answers of one operation (`writes`: a POST-only call, which may change state and so conflict). */
export function errorsOf({ path, method, access, writes }: { path: string; method: 'GET' | 'POST'; access: AccessExtension; writes: boolean }) {
  const isPublic = access === 'public';
  const needsGrant = access !== 'public' && access !== 'user';
  return {
    ...(isPublic ? {} : { 401: ref('Unauthorized') }),
    ...(needsGrant || method === 'POST' ? { 403: ref('Forbidden') } : {}),
    404: ref('NotFound'),
    ...(writes ? { 409: ref('Conflict') } : {}),
    422: ref('Invalid'),
    ...(THROTTLED.has(path) ? { 429: ref('TooMany') } : {}),
    500: ref('ServerError'),
  };
}
