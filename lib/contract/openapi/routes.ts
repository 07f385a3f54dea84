import type { JsonSchema } from './json-schema';

/**
 * The web application's own routes beside the call table (app/api/<name>/route.ts): none is a
 * call of the table, so each is described here. A unit test compares app/api with the document.
 */
const text = (description: string): JsonSchema => ({ type: 'string', description });

export const OWN_ROUTES: Record<string, Record<string, JsonSchema>> = {
  '/api/live': {
    get: {
      tags: ['ops'], summary: 'Liveness: the process answers HTTP (asks nothing of the service or the database)', security: [],
      responses: {
        200: {
          description: 'Alive.',
          content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'live' } }, required: ['status'] } } },
        },
      },
    },
  },
  '/api/metrics': {
    get: {
      tags: ['ops'], summary: 'Prometheus metrics for operators (calls, durations, database pool, outbox backlog and deliveries)', security: [],
      description: 'Answered to a bearer of `METRICS_TOKEN` (Authorization: Bearer) or to an address of `METRICS_ALLOW`; anyone else gets 404.',
      responses: {
        200: { description: 'The Prometheus text exposition.', content: { 'text/plain': { schema: text('Prometheus exposition format 0.0.4') } } },
        404: { description: 'Not answered to this caller.' },
      },
    },
  },
  '/api/session/end': {
    get: {
      tags: ['session'], summary: 'End a session the service no longer accepts and go to /login', security: [],
      parameters: [{ name: 'redirect', in: 'query', required: false, schema: text('A page of this product to return to after signing in again; anything else is ignored.') }],
      responses: {
        307: {
          description: 'To /login?timeout=1 (with the redirect when it names a page of this product); the session cookie is cleared unless the request came from another site.',
          headers: { Location: { description: 'A relative address.', schema: { type: 'string' } } },
        },
      },
    },
  },
  '/api/openapi.json': {
    get: {
      tags: ['docs'], summary: 'This document (signed-in users; the API documentation page reads it)',
      responses: {
        200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
        401: { $ref: '#/components/responses/Unauthorized' },
      },
    },
  },
};
