import { describe, expect, it, vi } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { allCalls } from '../../upstream/app';
import { methodsOf } from '../../upstream/core/dispatch';
import { XLSX_TYPE as SERVICE_XLSX_TYPE } from '../../upstream/core/xlsx';
import { CALLS } from '../../lib/contract/calls';
import { SESSION_COOKIE } from '../../lib/session';
import { describeUpstream } from './harness';

vi.mock('server-only', () => ({}));
const { buildOpenApiDocument } = await import('../../lib/contract/openapi');
const { XLSX_TYPE } = await import('../../lib/contract/openapi/bff');
const { OWN_ROUTES } = await import('../../lib/contract/openapi/routes');

type Operation = Record<string, any>;
const doc = buildOpenApiDocument();
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every operation of the call table in the document as 'METHOD path' (path without /api/); the web application's own routes aside. */
function documented(document: typeof doc): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (path in OWN_ROUTES) continue;
    for (const method of METHODS) {
      const op = (item as Record<string, Operation>)[method];
      if (op) operations.set(`${method.toUpperCase()} ${path.replace(/^\/api\//, '')}`, op);
    }
  }
  return operations;
}

/** What the service mounts: every handler's call with the methods the dispatcher lets through. */
const mounted = new Set(allCalls.flatMap((call) => methodsOf(call.spec).map((method) => `${method} ${call.path}`)));
const operations = documented(doc);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('the validator refuses a broken document (the check above can fail)', async () => {
    const broken = structuredClone(doc) as any;
    broken.paths['/api/systemUser/adminList'].post.responses = { 200: { content: {} } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('holds exactly the calls the service mounts, each with exactly the methods it answers', () => {
    expect(mounted.size).toBeGreaterThan(100);
    expect([...operations.keys()].sort()).toEqual([...mounted].sort());
  });

  it('names every operation once, tags it by module and keeps the table\'s summary and page', () => {
    const ids = [...operations.values()].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, op] of operations) {
      const path = key.split(' ')[1] as keyof typeof CALLS;
      const spec = CALLS[path] as { summary: string; page?: string };
      expect(op.tags).toEqual([path.split('/')[0]]);
      expect(op.summary).toBe(spec.summary);
      expect(op['x-page']).toBe(spec.page);
    }
    expect(doc.tags).toEqual(expect.arrayContaining([{ name: 'systemUser' }, { name: 'businessClubFirstTrial' }, { name: 'admin' }]));
  });

  it('gives each call its access: fixed ones as in the table, function ones case by case', () => {
    for (const [key, op] of operations) {
      const spec = CALLS[key.split(' ')[1] as keyof typeof CALLS] as { access: unknown };
      if (typeof spec.access === 'function') continue;
      const whole = typeof spec.access === 'string' || Array.isArray(spec.access) || 'all' in (spec.access as object);
      const expected = whole ? spec.access : [spec.access];
      expect(op['x-access'], key).toEqual(expected);
      expect(op.description).toMatch(/^\*\*Access:\*\* /);
    }
    const workbench = operations.get('POST businessClubFirstTrial/getList')!;
    expect(workbench['x-access'].dependsOn).toBe('stage');
    expect(workbench['x-access'].cases).toContainEqual({ values: ['BANK_FIRST'], access: [{ page: '/bank/bank-first' }] });
    expect(workbench['x-access'].cases).toHaveLength(9);
    const enabling = operations.get('POST approvalModule/update')!;
    expect(enabling['x-access'].cases).toEqual([
      { values: [null], access: [{ permission: 'flow::edit' }] },
      { values: ['ENABLED', 'DISABLED'], access: [{ permission: 'flow::edit' }, { permission: 'flow::state' }] },
    ]);
    const statistics = operations.get('POST businessClubFirstTrial/statisticsFormExport')!;
    expect(statistics['x-access'].cases).toEqual([
      { values: ['guarantee'], access: { all: [{ page: '/guarantee/guarantee-statistics' }, { permission: 'guaranteeStatistics::export' }] } },
      { values: ['bank'], access: { all: [{ page: '/bank/bank-statistics' }, { permission: 'bankStatistics::export' }] } },
    ]);
    // Decided by whether fields are given: a save adds without id and edits with one.
    const userSave = operations.get('POST systemUser/saveOrUpdate')!;
    expect(userSave['x-access'].dependsOn).toBe('id, roleIds');
    expect(userSave['x-access'].cases).toEqual([
      { values: ['id -, roleIds -'], access: [{ permission: 'user::add' }] },
      { values: ['id -, roleIds (given)'], access: { all: [{ permission: 'user::add' }, { permission: 'user::confer' }] } },
      { values: ['id (given), roleIds -', 'id (given), roleIds (given)'], access: [{ permission: 'user::edit' }] },
    ]);
    expect(operations.get('POST admin/login')!.security).toEqual([]);
    expect(operations.get('POST systemUser/adminList')!.security).toBeUndefined();
    expect(doc.security).toEqual([{ session: [] }]);
  });

  it('describes input, the answer in its envelope and the error answers', () => {
    const list = operations.get('POST systemUser/adminList')!;
    const input = list.requestBody.content['application/json'].schema;
    expect(input.properties.pageSize.anyOf[0]).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(input.properties.pageSize.default).toBe(10);
    expect(input.properties.state.enum).toEqual(['ENABLED', 'DISABLED', 'WRITTEN_OFF']);
    const answer = list.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['code', 'message', 'data']);
    expect(answer.properties.data.properties.list.items.properties.username).toEqual({ type: 'string' });
    expect(Object.keys(list.responses).sort()).toEqual(['200', '401', '403', '404', '422', '500']);
    const get = operations.get('GET systemUser/adminList')!;
    expect(get.parameters.map((p: Operation) => p.name)).toEqual(expect.arrayContaining(['pageNum', 'pageSize', 'username', 'state']));
    expect(get.parameters.every((p: Operation) => p.in === 'query')).toBe(true);

    const responses = (doc.components as any).responses;
    expect(responses.Invalid.content['application/json'].schema.properties.data.properties.fields.additionalProperties).toEqual({ type: 'string' });
    expect(responses.ServerError.content['application/json'].schema.properties.code).toEqual({ const: 500 });
    expect(Object.keys(operations.get('POST admin/login')!.responses)).toEqual(expect.arrayContaining(['200', '403', '422', '429']));
    expect(operations.get('POST admin/login')!.responses['401']).toBeUndefined();
    expect(operations.get('POST role/del')!.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
  });

  it('names the recursive trees once and refers to them', () => {
    const schemas = (doc.components as any).schemas;
    expect(Object.keys(schemas).sort()).toEqual(['MenuItem', 'OrgTreeNode', 'PermissionNode']);
    expect(schemas.OrgTreeNode.properties.children.items).toEqual({ $ref: '#/components/schemas/OrgTreeNode' });
    const tree = operations.get('POST systemOrganiza/orgTree')!.responses['200'].content['application/json'].schema;
    expect(tree.properties.data.items).toEqual({ $ref: '#/components/schemas/OrgTreeNode' });
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('describes sign-in, uploads and file answers as the web application answers them', () => {
    const login = operations.get('POST admin/login')!;
    expect(login.responses['200'].headers['Set-Cookie'].description).toContain(SESSION_COOKIE);
    expect(login.responses['200'].content['application/json'].schema.properties.data.properties).not.toHaveProperty('token');
    expect(login.requestBody.content['application/json'].schema.properties.remember).toEqual({ type: 'boolean' });
    const description = (doc.info as { description: string }).description;
    expect(description).toContain(`\`${SESSION_COOKIE}\``);
    expect(description).toMatch(/curl -s -c jar\.txt .* "\$BASE\/api\/admin\/login"/s);
    expect(description).toContain('Origin');
    const upload = operations.get('POST upload/uploadFile')!;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
    expect(XLSX_TYPE).toBe(SERVICE_XLSX_TYPE);
    expect(Object.keys(operations.get('POST businessClubFirstTrial/exportAll')!.responses['200'].content)).toEqual([SERVICE_XLSX_TYPE]);
    expect(Object.keys(operations.get('GET upload/file')!.responses['200'].content)).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
  });
});

describeUpstream('the running service answers exactly the documented operations', (up) => {
  it('every documented operation is mounted; any other method of a path, and any other path, is no call at all', async () => {
    for (const key of operations.keys()) {
      const [method, path] = key.split(' ') as ['GET' | 'POST', string];
      const response = await up().request(path, {}, { method });
      expect(response.status, key).not.toBe(404);
    }
    for (const path of new Set([...operations.keys()].map((key) => key.slice(key.indexOf(' ') + 1)))) {
      for (const method of ['GET', 'POST'] as const) {
        if (operations.has(`${method} ${path}`)) continue;
        const { status, body } = await up().call(path, {}, { method });
        expect(status, `${method} ${path}`).toBe(404);
        expect(body.code).toBe(404);
      }
    }
    expect((await up().call('openapi/json', {}, { method: 'GET' })).status).toBe(404);
  });
});
