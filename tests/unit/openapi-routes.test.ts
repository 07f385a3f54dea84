import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CALLS } from '@/lib/contract/calls';
import { healthData } from '@/lib/contract/openapi/bff';

vi.mock('server-only', () => ({}));
const { buildOpenApiDocument } = await import('@/lib/contract/openapi');

/** Every route handler of the web application under app/api, as its path ('/api/live'); the catch-all is the call table. */
function routes(dir = join('app', 'api')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('[') ? [] : routes(path);
    return entry.name === 'route.ts' ? [`/${relative('app', dir).split(sep).join('/')}`] : [];
  });
}

describe('the OpenAPI document describes every route the product answers', () => {
  const document = buildOpenApiDocument();
  const paths = Object.keys(document.paths);

  it('holds every route handler of app/api and every call of the table, and nothing else', () => {
    const handlers = routes();
    expect(handlers).toEqual(expect.arrayContaining(['/api/health', '/api/live', '/api/metrics', '/api/openapi.json', '/api/session/end']));
    const expected = new Set([...handlers, ...Object.keys(CALLS).map((path) => `/api/${path}`)]);
    expect(paths.filter((path) => !expected.has(path))).toEqual([]);
    expect([...expected].filter((path) => !paths.includes(path))).toEqual([]);
  });

  it('gives /api/health the shape it answers: an envelope whose data says up or down (details for administrators), 503 when down', () => {
    const get = document.paths['/api/health']!.get as { responses: Record<string, unknown> };
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(healthData.safeParse({ status: 'up' }).success).toBe(true);
    expect(healthData.safeParse({ status: 'down', mode: 'in-process', database: 'pglite', upstream: 'error', ms: 3 }).success).toBe(true);
    expect(healthData.safeParse({ app: 'ok' }).success).toBe(false);
  });

  it('documents the 429 of every call that counts attempts, the public consultation included', () => {
    const post = document.paths['/api/mobile/public/businssConsult/add']?.post as { responses: Record<string, unknown> } | undefined;
    expect(post?.responses).toHaveProperty('429');
  });
});
