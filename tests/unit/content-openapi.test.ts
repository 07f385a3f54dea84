import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { buildOpenApiDocument } = await import('../../lib/contract/openapi');

type Operation = { security?: unknown[]; 'x-access'?: unknown; responses: Record<string, { content?: Record<string, unknown> }> };
const doc = buildOpenApiDocument();
const operation = (method: 'get' | 'post', path: string) => (doc.paths as Record<string, Record<string, Operation>>)[`/api/${path}`]?.[method];

describe('the portal\'s public calls in the OpenAPI document', () => {
  it.each([
    ['post', 'mobile/public/businessIssueInfo/list'], ['get', 'mobile/public/businessIssueInfo/list'],
    ['post', 'mobile/public/businessIssueInfo/get'], ['get', 'mobile/public/businessIssueInfo/get'],
    ['post', 'mobile/public/businessHelpInfo/list'], ['get', 'mobile/public/businessHelpInfo/list'],
    ['post', 'mobile/public/businssConsult/add'], ['get', 'ueditor-file/file'],
  ] as const)('documents %s %s as a call without a session', (method, path) => {
    const op = operation(method, path);
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!.security).toEqual([]);
  });

  it('documents the staff calls as needing a session, and the file answer as the uploaded types', () => {
    expect(operation('post', 'businessIssueInfo/publish')!.security).toBeUndefined();
    expect(operation('post', 'businssConsult/answer')!.security).toBeUndefined();
    expect(Object.keys(operation('get', 'ueditor-file/file')!.responses['200']!.content!)).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
    expect(operation('get', 'mobile/public/businssConsult/add')).toBeUndefined();
  });
});
