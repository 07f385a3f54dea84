import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { isFileAnswer } from '@/lib/bff/files';
import { createTransport } from '@/lib/bff/transport';
import { parseConfig, type Config } from '@/lib/config';
import { sealSession, SESSION_COOKIE, type SessionData } from '@/lib/session';
import { UPLOAD_BODY_MAX_BYTES } from '@/lib/workflow/files';

const UPSTREAM = 'http://upstream.test';
const config: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, UPSTREAM_TIMEOUT_MS: '2000' }), sessionSecret: 's'.repeat(40) };
const bff = createBff({ config, transport: createTransport(config) });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const session: SessionData = {
  uuid: 'u-1', token: 'secret-token', user: { id: 2, username: 'renshe', nickname: '人社审核员', type: 1 }, locale: 'zh-CN',
  paths: ['/renshe/renshe-first'], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: false,
};
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

async function send(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string>; signedIn?: boolean } = {}) {
  const headers = new Headers({ host: 'app.test', ...init.headers });
  if (init.signedIn !== false) headers.set('cookie', `${SESSION_COOKIE}=${await sealSession(session, config.sessionSecret)}`);
  const [pathname] = path.split('?');
  const options = { method: init.method ?? 'POST', headers, body: init.body, duplex: 'half' };
  const request = new NextRequest(`http://app.test/api/${path}`, options as ConstructorParameters<typeof NextRequest>[1]);
  return bff(request, pathname!.split('/'));
}

/** A multipart body as the browser sends it, with its content type (boundary included). */
async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  return { body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

describe('uploads through the BFF', () => {
  it('forwards a multipart body as it came, with the session token, and answers the envelope', async () => {
    let seen: { token: string | null; type: string | null; kind: unknown; file: File | null; cookie: string | null } | undefined;
    server.use(http.post(`${UPSTREAM}/api/upload/uploadFile`, async ({ request }) => {
      const form = await request.formData();
      seen = { token: request.headers.get('token'), type: request.headers.get('content-type'), kind: form.get('kind'), file: form.get('file') as File | null, cookie: request.headers.get('cookie') };
      return HttpResponse.json({ code: 200, message: 'ok', data: { id: 9, name: 'a.png' } });
    }));
    const { body, type } = await multipart({ applicationId: '5', kind: 'ID_CARD', file: new File([PNG], 'a.png', { type: 'image/png' }) });
    const response = await send('upload/uploadFile', { body, headers: { 'content-type': type, 'content-length': String(body.byteLength), origin: 'http://app.test' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 200, message: '操作成功', data: { id: 9, name: 'a.png' } });
    expect(seen!.token).toBe('secret-token');
    expect(seen!.cookie).toBeNull();
    expect(seen!.type).toBe(type);
    expect(seen!.kind).toBe('ID_CARD');
    expect(new Uint8Array(await seen!.file!.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a body over the limit by its length, and a stream that runs past it, without calling the service', async () => {
    const { type } = await multipart({ kind: 'OTHER' });
    const declared = await send('upload/uploadFile', { body: 'x', headers: { 'content-type': type, 'content-length': String(UPLOAD_BODY_MAX_BYTES + 1) } });
    expect(declared.status).toBe(422);
    expect(await declared.json()).toEqual({ code: 422, message: '文件不能超过 10 MB！', data: { fields: { file: 'validation.fileTooLarge' } } });

    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > UPLOAD_BODY_MAX_BYTES + chunk.byteLength) { controller.close(); return; }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await send('upload/uploadFile', { body: stream, headers: { 'content-type': type } });
    expect(streamed.status).toBe(422);
    expect((await streamed.json()).data).toEqual({ fields: { file: 'validation.fileTooLarge' } });
    expect(sent).toBeLessThan(UPLOAD_BODY_MAX_BYTES + 3 * chunk.byteLength);
  });

  it('takes only multipart bodies there, and keeps the session and origin checks', async () => {
    const json = await send('upload/uploadFile', { body: '{"applicationId":1}', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(422);
    expect((await json.json()).data).toEqual({ fields: { _: 'validation.multipart' } });
    const { body, type } = await multipart({ kind: 'OTHER' });
    const anonymous = await send('upload/uploadFile', { body, headers: { 'content-type': type }, signedIn: false });
    expect((await anonymous.json()).code).toBe(401);
    const crossSite = await send('upload/uploadFile', { body, headers: { 'content-type': type, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
  });
});

describe('file answers through the BFF', () => {
  it('passes a file to the browser with its type and name, never cached or sniffed, and nothing else of the service', async () => {
    let query: string | undefined;
    server.use(http.get(`${UPSTREAM}/api/upload/file`, ({ request }) => {
      query = new URL(request.url).search;
      return new HttpResponse(PNG, { headers: {
        'content-type': 'image/png', 'content-disposition': 'inline; filename="a.png"', 'set-cookie': 'upstream=1', 'x-powered-by': 'upstream',
      } });
    }));
    const response = await send('upload/file?id=3', { method: 'GET' });
    expect(query).toBe('?id=3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="a.png"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('turns refusals into envelopes through the catalogue', async () => {
    server.use(http.get(`${UPSTREAM}/api/upload/file`, () => HttpResponse.json({ code: 404, message: '记录不存在', data: null }, { status: 404 })));
    const missing = await send('upload/file?id=4', { method: 'GET' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, message: '请求的资源不存在（404 Not Found）！', data: null });
    server.use(http.get(`${UPSTREAM}/api/upload/file`, () => new HttpResponse('<h1>boom</h1>', { status: 500, headers: { 'content-type': 'text/html' } })));
    const failed = await send('upload/file?id=4', { method: 'GET' });
    expect(await failed.json()).toEqual({ code: 500, message: '服务器错误，请稍后重试！', data: null });
  });

  it('tells a file by status 200 and a type other than JSON', () => {
    expect(isFileAnswer(200, 'application/pdf')).toBe(true);
    expect(isFileAnswer(200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(true);
    expect(isFileAnswer(200, 'application/json; charset=utf-8')).toBe(false);
    expect(isFileAnswer(200, 'application/problem+json')).toBe(false);
    expect(isFileAnswer(200, null)).toBe(false);
    expect(isFileAnswer(404, 'text/html')).toBe(false);
  });
});
