import { describe, expect, it, vi } from 'vitest';
import { callsOf, fieldsOf, groupByTag, matches, sessionCookieOf, shellExample, typeOf, type FieldRow, type OpenApiDoc } from '@/components/api-docs/doc-model';

vi.mock('server-only', () => ({}));
const { buildOpenApiDocument } = await import('@/lib/contract/openapi');

// The page reads what the route answers: the document as JSON.
const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as OpenApiDoc;
const calls = callsOf(doc);
const call = (path: string) => calls.find((c) => c.path === path)!;
const field = (rows: FieldRow[], name: string) => rows.find((r) => r.name === name)!;

describe('the docs page model', () => {
  it('lists every path once with its methods, grouped by module', () => {
    expect(calls).toHaveLength(Object.keys(doc.paths).length);
    expect(call('systemUser/adminList').methods).toEqual(['GET', 'POST']);
    expect(call('role/del').methods).toEqual(['POST']);
    expect(call('upload/file')).toMatchObject({ methods: ['GET'], requestKind: 'query' });
    const groups = groupByTag(calls);
    expect(groups.map((g) => g.tag)).toEqual([...groups.map((g) => g.tag)].sort((a, b) => a.localeCompare(b)));
    expect(groups.find((g) => g.tag === 'role')!.calls.map((c) => c.path)).toContain('role/authorize');
  });

  it('finds calls by every word of a search in path, summary or module', () => {
    expect(calls.filter((c) => matches(c, 'adminlist')).map((c) => c.path)).toEqual(['systemUser/adminList']);
    expect(calls.filter((c) => matches(c, 'users paged')).map((c) => c.path)).toContain('systemUser/adminList');
    expect(calls.filter((c) => matches(c, 'no-such-thing'))).toEqual([]);
  });

  it('shows request fields with type, required and constraints', () => {
    const list = call('systemUser/adminList');
    expect(list.access).toEqual([{ page: '/admin/setting/system/user' }]);
    const rows = fieldsOf(list.request, doc);
    expect(rows.map((r) => r.name)).toEqual(['pageNum', 'pageSize', 'order', 'username', 'nickname', 'mobile', 'orgId', 'state']);
    expect(field(rows, 'pageSize')).toMatchObject({ type: 'integer | string', required: false });
    expect(field(rows, 'pageSize').constraints).toEqual(expect.arrayContaining([
      { kind: 'minimum', value: 1 }, { kind: 'maximum', value: 100 }, { kind: 'numberAsText' }, { kind: 'default', value: '10' },
    ]));
    expect(field(rows, 'pageSize').constraints.map((c) => c.kind)).not.toContain('pattern');
    expect(field(rows, 'state').constraints).toContainEqual({ kind: 'enum', value: ['ENABLED', 'DISABLED', 'WRITTEN_OFF'] });
    const login = fieldsOf(call('admin/login').request, doc);
    expect(field(login, 'username')).toMatchObject({ type: 'string', required: true });
    expect(field(login, 'code').required).toBe(false);
  });

  it('merges the shapes of a union input (admin/sendSms)', () => {
    const rows = fieldsOf(call('admin/sendSms').request, doc);
    expect(field(rows, 'purpose')).toMatchObject({ type: '"LOGIN" | "REGISTER"', required: true });
    expect(field(rows, 'username').required).toBe(false);
    expect(field(rows, 'mobile').required).toBe(false);
  });

  it('shows answer fields inside the envelope, nested rows as children, recursion once', () => {
    const list = call('systemUser/adminList');
    expect(list.answer.kind).toBe('envelope');
    const data = list.answer.kind === 'envelope' ? list.answer.data : {};
    const rows = fieldsOf(data, doc);
    expect(rows.map((r) => r.name)).toEqual(['list', 'total', 'totalPage', 'capped']);
    expect(field(field(rows, 'list').children!, 'username')).toMatchObject({ key: 'list.username', type: 'string', required: true });

    const tree = call('systemOrganiza/orgTree');
    const treeData = tree.answer.kind === 'envelope' ? tree.answer.data : {};
    expect(typeOf(treeData)).toBe('OrgTreeNode[]');
    const node = fieldsOf(treeData, doc);
    expect(node.map((r) => r.name)).toEqual(['id', 'name', 'type', 'children']);
    expect(field(node, 'children')).toMatchObject({ type: 'OrgTreeNode[]', constraints: [{ kind: 'recursive' }] });
    expect(field(node, 'children').children).toBeUndefined();
  });

  it('tells file answers and the web application\'s own answers apart', () => {
    expect(call('businessClubFirstTrial/exportAll').answer).toEqual({ kind: 'file', types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] });
    expect(call('upload/uploadFile').requestKind).toBe('multipart');
    expect(field(fieldsOf(call('upload/uploadFile').request, doc), 'file').type).toBe('string');
    // The web application's readiness is an envelope like every answer (up or down, details for administrators).
    expect(call('health').answer.kind).toBe('envelope');
    expect(call('admin/login').note).toContain('lbo_session');
  });

  it('spells out a function access case by case', () => {
    const access = call('businessClubFirstTrial/getList').access;
    expect(access).toMatchObject({ dependsOn: 'stage' });
  });

  it('takes the cookie name and the curl example from the document', () => {
    expect(sessionCookieOf(doc)).toBe('lbo_session');
    expect(shellExample(doc)).toMatch(/^BASE=.*\n# .*\ncurl -s -c jar\.txt/);
  });
});

describe('the docs page texts', () => {
  it('exist in both languages under the same keys', async () => {
    const zh = (await import('@/messages/zh-CN.json')).default as Record<string, unknown>;
    const en = (await import('@/messages/en.json')).default as Record<string, unknown>;
    const keys = (node: unknown, prefix = ''): string[] => (node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
      : [prefix.slice(0, -1)]);
    expect(keys(zh.apiDocs)).toEqual(keys(en.apiDocs));
    expect(keys(zh.apiDocs).length).toBeGreaterThan(50);
    expect((zh.pages as Record<string, string>).apiDocs).toBe('API 文档');
  });
});
