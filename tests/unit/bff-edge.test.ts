import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { healthAnswer } from '@/lib/bff/health';
import { createTransport, type InProcess } from '@/lib/bff/transport';
import { parseConfig, type Config } from '@/lib/config';
import { sealSession, SESSION_COOKIE, type SessionData } from '@/lib/session';
import { GET as endSession } from '@/app/api/session/end/route';

/** The edges of the BFF: methods, origins, sizes, the envelope of its own refusals, files, health. */
const UPSTREAM = 'http://upstream.test';
const config: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, UPSTREAM_TIMEOUT_MS: '300' }), sessionSecret: 's'.repeat(40) };
const bff = createBff({ config, transport: createTransport(config) });
const server = setupServer();
const seen: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { server.resetHandlers(); seen.length = 0; });
afterAll(() => server.close());
server.events.on('request:start', ({ request }) => { seen.push(`${request.method} ${new URL(request.url).pathname}`); });

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'success', data });
const session = (type = 1, locale: 'zh-CN' | 'en' = 'zh-CN'): SessionData => ({
  uuid: 'u-1', token: 'secret-token', user: { id: 1, username: 'bank', nickname: '银行审核员', type }, locale,
  paths: ['/bank/bank-first'], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: false,
});

async function request(path: string, init: { method?: string; body?: string; headers?: Record<string, string>; session?: SessionData | null } = {}) {
  const headers = new Headers({ 'content-type': 'application/json', host: 'app.test', ...init.headers });
  if (init.session !== null) headers.set('cookie', `${SESSION_COOKIE}=${await sealSession(init.session ?? session(), config.sessionSecret)}`);
  const method = init.method ?? 'POST';
  return new NextRequest(`http://app.test/${path}`, { method, headers, body: ['GET', 'HEAD'].includes(method) ? undefined : init.body ?? '{}' });
}

async function call(path: string, init: Parameters<typeof request>[1] = {}) {
  const response = await bff(await request(`api/${path}`, init), path.split('/'));
  return { status: response.status, body: await response.json(), response };
}

/** The envelope of a refusal: exactly code, message and data (null). */
const expectEnvelope = (body: unknown, code: number, message: string) => {
  expect(body).toEqual({ code, message, data: null });
};

describe('methods', () => {
  it('answers a method no call takes with 405 in the envelope, naming the methods it takes', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const { status, body, response } = await call('role/roleList', { method });
      expect(status, method).toBe(405);
      expectEnvelope(body, 405, '该接口不支持此请求方法！');
      expect(response.headers.get('allow')).toBe('POST');
    }
    // A read the table also offers by GET names both.
    expect((await call('systemUser/adminList', { method: 'PUT' })).response.headers.get('allow')).toBe('GET, POST');
    expect(seen).toEqual([]);
  });
  it('takes the calls of the BFF that change state by POST only: a GET of admin/logOut ends nothing', async () => {
    server.use(http.all(`${UPSTREAM}/api/admin/logOut`, () => ok(null)));
    const get = await call('admin/logOut', { method: 'GET' });
    expect(get.status).toBe(405);
    expectEnvelope(get.body, 405, '该接口不支持此请求方法！');
    expect(get.response.headers.get('allow')).toBe('POST');
    expect(get.response.cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(seen).toEqual([]);
    for (const path of ['admin/setLocale', 'admin/updatePassWord', 'admin/login', 'admin/register']) {
      expect((await call(path, { method: 'GET' })).status, path).toBe(405);
    }
    const post = await call('admin/logOut', { headers: { origin: 'http://app.test', 'sec-fetch-site': 'same-origin' } });
    expect(post.body.code).toBe(200);
    expect(post.response.cookies.get(SESSION_COOKIE)?.value).toBe('');
  });
  it('answers a body declared as a form or text with 415 in the envelope and sends nothing on; JSON and +json types pass', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => ok({ list: [], total: 0, totalPage: 0 })));
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const { status, body } = await call('role/roleList', { headers: { 'content-type': type }, body: '{"pageNum":1,"pageSize":10}' });
      expect(status, type).toBe(415);
      expectEnvelope(body, 415, '该接口只接受 JSON 请求体（Content-Type: application/json）！');
    }
    expect(seen).toEqual([]);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']) {
      expect((await call('role/roleList', { headers: { 'content-type': type }, body: '{"pageNum":1,"pageSize":10}' })).body.code, type).toBe(200);
    }
  });
  it('answers in English for an English session', async () => {
    expectEnvelope((await call('role/roleList', { method: 'PUT', session: session(1, 'en') })).body, 405, 'this call does not accept that request method!');
  });
});

describe('the same-origin check covers every method', () => {
  it('refuses a cross-site or same-site GET by Fetch Metadata, and a GET from another Origin, without calling the service', async () => {
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of foreign) {
      const { status, body } = await call('upload/file', { method: 'GET', headers });
      expect(status, JSON.stringify(headers)).toBe(403);
      expectEnvelope(body, 403, '请求来源不被允许！');
    }
    expect(seen).toEqual([]);
  });
  it('lets a same-origin GET, a navigation the user typed and a tool without those headers through', async () => {
    server.use(http.get(`${UPSTREAM}/api/admin/getUserInfo`, () => ok({ id: 1 })));
    const ours: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}, { origin: 'http://app.test' }];
    for (const headers of ours) {
      expect((await call('admin/getUserInfo', { method: 'GET', headers })).body.code, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('sizes and messages of the refusals of the BFF', () => {
  it("answers a body over 1 MB with 413 and '内容过长！' (one mark), without calling the service", async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const { status, body } = await call('role/saveOrUpdate', { body: big });
    expect(status).toBe(413);
    expectEnvelope(body, 413, '内容过长！');
    expectEnvelope((await call('role/saveOrUpdate', { body: big, session: session(1, 'en') })).body, 413, 'Too long!');
    expect(seen).toEqual([]);
  });
  it('refuses a body by its Content-Length before reading it', async () => {
    const { status } = await call('role/saveOrUpdate', { body: '{}', headers: { 'content-length': String(2 * 1024 * 1024) } });
    expect(status).toBe(413);
  });
  it('names the language field in words when admin/setLocale gets a bad value, in both languages', async () => {
    const zh = await call('admin/setLocale', { body: JSON.stringify({ locale: 'fr' }), session: null });
    expect(zh.status).toBe(422);
    expect(zh.body).toEqual({ code: 422, message: '语言只能选择简体中文（zh-CN）或 English（en）！', data: { fields: { locale: 'validation.locale' } } });
    const en = await call('admin/setLocale', { body: JSON.stringify({ locale: 'xx' }), session: session(1, 'en') });
    expect(en.body.message).toBe('Language must be 简体中文 (zh-CN) or English (en)!');
    expect(seen).toEqual([]);
  });
  it("adds one '！' to a service message that already ends in one", async () => {
    server.use(http.post(`${UPSTREAM}/api/role/saveOrUpdate`, () => HttpResponse.json({ code: 409, message: '已被修改！', data: null }, { status: 409 })));
    expect((await call('role/saveOrUpdate')).body.message).toBe('已被修改！');
  });
});

describe('files', () => {
  it('answers an uploaded file sandboxed, not sniffed and not cached', async () => {
    server.use(http.get(`${UPSTREAM}/api/upload/file`, () => new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="a.pdf"' },
    })));
    const response = await bff(await request('api/upload/file?id=1', { method: 'GET', headers: { 'sec-fetch-site': 'same-origin' } }), ['upload', 'file']);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('health', () => {
  const transport = createTransport(config);
  const health = async (session: SessionData | null) => {
    const response = await healthAnswer(await request('api/health', { method: 'GET', session }), config, transport);
    return { status: response.status, body: await response.json() };
  };
  it('tells an anonymous caller up and nothing else', async () => {
    server.use(http.get(`${UPSTREAM}/api/health`, () => ok({ database: 'ok' })));
    const { status, body } = await health(null);
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: '操作成功', data: { status: 'up' } });
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres|http|remote|in-process/);
    expect((await health(session(1))).body.data).toEqual({ status: 'up' });
  });
  it('tells an anonymous caller down with HTTP 503', async () => {
    server.use(http.get(`${UPSTREAM}/api/health`, () => HttpResponse.error()));
    const { status, body } = await health(null);
    expect(status).toBe(503);
    expect(body).toEqual({ code: 503, message: '服务暂不可用，请稍后重试！', data: { status: 'down' } });
  });
  it('shows how the service is reached to a signed-in administrator', async () => {
    server.use(http.get(`${UPSTREAM}/api/health`, () => ok({ database: 'ok' })));
    const { body } = await health(session(0));
    expect(body.data).toMatchObject({ status: 'up', mode: 'http', database: 'remote', upstream: 'ok' });
  });
});

describe('a service that is still starting', () => {
  const inProcess: Config = { ...parseConfig({ UPSTREAM_TIMEOUT_MS: '200' }), sessionSecret: 's'.repeat(40) };
  const starting = () => ({ status: 503, envelope: { code: 503, message: '服务正在启动，请稍后重试', data: null } });

  it('waits for it beyond the time limit of the call, then serves the call', async () => {
    let ready = false;
    const service: InProcess = {
      ready: Promise.resolve(),
      whenReady: async () => { await new Promise((r) => setTimeout(r, 400)); ready = true; return true; },
      call: async () => (ready ? { status: 200, envelope: { code: 200, message: 'success', data: 7 } } : starting()),
    };
    const outcome = await createTransport(inProcess, async () => service)({ path: 'businessMessage/count', method: 'POST', locale: 'zh-CN', clientIp: 'x' });
    expect(outcome).toEqual({ kind: 'response', status: 200, body: { code: 200, message: 'success', data: 7 } });
  });
  it('answers 503 in the envelope when it is not ready in time, never 500', async () => {
    const service: InProcess = { ready: new Promise(() => {}), whenReady: async () => false, call: async () => starting() };
    const local = createBff({ config: inProcess, transport: createTransport(inProcess, async () => service) });
    const response = await local(await request('api/admin/login', { session: null }), ['admin', 'login']);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 503, message: '服务正在启动，请稍后重试！', data: null });
  });
});

describe('/api/session/end', () => {
  it('redirects to the login page with a relative Location (never the address the server listens on) and ends the session', async () => {
    const response = endSession(await request('api/session/end?redirect=%2Fbank%2Fbank-first', { method: 'GET' }));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/login?timeout=1&redirect=%2Fbank%2Fbank-first');
    expect(response.cookies.get(SESSION_COOKIE)?.value).toBe('');
  });
  it('keeps only a page of this product as the place to return to', async () => {
    const response = endSession(await request('api/session/end?redirect=%2F.%2F%2Fevil.example', { method: 'GET' }));
    expect(response.headers.get('location')).toBe('/login?timeout=1');
  });
  it('does not end the session for another site', async () => {
    const response = endSession(await request('api/session/end', { method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(response.headers.get('location')).toBe('/login?timeout=1');
    expect(response.cookies.get(SESSION_COOKIE)).toBeUndefined();
  });
});
