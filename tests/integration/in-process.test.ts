import { beforeAll, expect, it } from 'vitest';
import { createCallDispatch } from '../../upstream/app';
import { createTransport, type Transport, type UpstreamRequest } from '../../lib/bff/transport';
import { parseConfig, type Config } from '../../lib/config';
import { describeUpstream } from './harness';
import { createCase } from './workflow-fixtures';

/**
 * The BFF calls the in-process service as a function (no Request, Response or JSON text). What
 * it gets must be what the same call over HTTP answers: status, envelope as JSON, the grants'
 * version, files and uploads.
 */
const config: Config = { ...parseConfig({ UPSTREAM_TIMEOUT_MS: '5000' }), sessionSecret: 's'.repeat(40) };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

describeUpstream('a call to the in-process service', (up) => {
  let transport: Transport;
  let token: string;
  beforeAll(async () => {
    const dispatch = createCallDispatch(up().db, { filesDir: up().filesDir, now: up().clock.now });
    transport = createTransport(config, async () => ({ ready: Promise.resolve(), whenReady: async () => true, call: dispatch }));
    token = await up().login('renshe');
  });

  /** The same call over HTTP (the service's own Hono app), read as the transport reads it. */
  async function overHttp(call: UpstreamRequest) {
    const headers: Record<string, string> = { 'accept-language': call.locale, 'x-client-ip': call.clientIp };
    if (call.token) headers.token = call.token;
    if (call.method === 'POST') headers['content-type'] = call.contentType ?? 'application/json';
    const response = await up().fetch(new Request(`http://upstream/api/${call.path}${call.query ? `?${call.query}` : ''}`, {
      method: call.method, headers, ...(call.method === 'POST' ? { body: (call.body ?? '{}') as BodyInit } : {}),
    }));
    return { response, grantsVersion: response.headers.get('x-grants-version') ?? undefined };
  }

  it('answers as over HTTP: success, lists with dates, refusals, unknown calls, GET queries and both languages', async () => {
    const app = await createCase(up().db);
    const calls: UpstreamRequest[] = [
      { path: 'businessMessage/count', method: 'POST', body: '{}' },
      { path: 'businessMessage/count', method: 'GET' },
      { path: 'businessClubFirstTrial/getList', method: 'POST', body: JSON.stringify({ stage: 'RS_FIRST', pageNum: 1, pageSize: 5 }) },
      { path: 'businessProposerInfo/getFileInfo', method: 'POST', body: JSON.stringify({ id: app.id }) },
      { path: 'businessClubFirstTrial/getList', method: 'POST', body: JSON.stringify({ stage: 'RS_FIRST', pageNum: -1 }) },
      { path: 'businessClubFirstTrial/getList', method: 'POST', body: '{"stage":' },
      { path: 'no/suchCall', method: 'POST', body: '{}' },
      { path: 'businessMessage/count', method: 'POST', body: '{}', token: 'not-a-token' },
      { path: 'upload/file', method: 'GET', query: 'id=abc' },
    ].flatMap((call) => (['zh-CN', 'en'] as const).map((locale) => ({ token, clientIp: '10.0.0.1', ...call, locale } as UpstreamRequest)));
    for (const call of calls) {
      const outcome = await transport(call);
      const { response, grantsVersion } = await overHttp(call);
      expect(outcome.kind, call.path).toBe('response');
      if (outcome.kind !== 'response') continue;
      expect({ status: outcome.status, body: JSON.parse(JSON.stringify(outcome.body)), grantsVersion: outcome.grantsVersion }, `${call.path} ${call.body}`)
        .toEqual({ status: response.status, body: await response.json(), grantsVersion });
    }
    const list = await transport({ path: 'businessClubFirstTrial/getList', method: 'POST', body: JSON.stringify({ stage: 'RS_FIRST', pageNum: 1, pageSize: 5 }), token, locale: 'en', clientIp: '10.0.0.1' });
    expect(list).toMatchObject({ status: 200, body: { code: 200, data: { total: expect.any(Number) } }, grantsVersion: expect.any(String) });
  });

  it('takes an upload as multipart bytes and answers the file as it is', async () => {
    const app = await createCase(up().db);
    const form = new FormData();
    form.set('applicationId', String(app.id));
    form.set('kind', 'OTHER');
    form.set('file', new File([PNG], 'scan.png', { type: 'image/png' }));
    const multipart = new Request('http://x/', { method: 'POST', body: form });
    const body = new Uint8Array(await multipart.arrayBuffer());
    const contentType = multipart.headers.get('content-type')!;
    const uploaded = await transport({ path: 'upload/uploadFile', method: 'POST', body, contentType, token, locale: 'zh-CN', clientIp: '10.0.0.1' });
    expect(uploaded).toMatchObject({ kind: 'response', status: 200, body: { code: 200, data: { name: 'scan.png', mime: 'image/png', size: PNG.byteLength } } });
    const id = uploaded.kind === 'response' ? (uploaded.body!.data as { id: number }).id : 0;

    const file = await transport({ path: 'upload/file', method: 'GET', query: `id=${id}`, token, locale: 'zh-CN', clientIp: '10.0.0.1' });
    expect(file).toMatchObject({ kind: 'file', headers: { 'content-type': 'image/png', 'content-length': String(PNG.byteLength) } });
    if (file.kind === 'file') expect(new Uint8Array(file.body)).toEqual(PNG);
    const { response } = await overHttp({ path: 'upload/file', method: 'GET', query: `id=${id}`, token, locale: 'zh-CN', clientIp: '10.0.0.1' });
    expect(file.kind === 'file' && file.headers['content-disposition']).toBe(response.headers.get('content-disposition'));

    const refused = await transport({ path: 'upload/uploadFile', method: 'POST', body: '{}', token, locale: 'en', clientIp: '10.0.0.1' });
    expect(refused).toMatchObject({ kind: 'response', status: 422, body: { code: 422, data: { fields: { _: 'validation.multipart' } } } });
  });
});
