import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { createTransport } from '@/lib/bff/transport';
import { metricsAnswer } from '@/lib/bff/metrics';
import { parseConfig, ConfigError, type Config } from '@/lib/config';
import { setLogSink } from '@/lib/http/log';
import { sealSession, SESSION_COOKIE, type SessionData } from '@/lib/session';

const UPSTREAM = 'http://upstream.test';
const TOKEN = 'metrics-token-0123456789';
const config: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, UPSTREAM_TIMEOUT_MS: '300', METRICS_TOKEN: TOKEN }), sessionSecret: 's'.repeat(40) };
const bff = createBff({ config, transport: createTransport(config) });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const session: SessionData = {
  uuid: 'u-1', token: 'secret-token-value', user: { id: 7, username: 'admin', nickname: '管理员', type: 0 }, locale: 'zh-CN',
  paths: [], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: false,
};

async function post(path: string, headers: Record<string, string> = {}) {
  const cookie = `${SESSION_COOKIE}=${await sealSession(session, config.sessionSecret)}`;
  const request = new NextRequest(`http://app.test/api/${path}`, {
    method: 'POST', body: '{"pageNum":1,"pageSize":10}', headers: { 'content-type': 'application/json', host: 'app.test', cookie, ...headers },
  });
  return bff(request, path.split('/'));
}

describe('request ids and the request log', () => {
  it('sends a new request id to the service, answers it in x-request-id and logs the call without the token', async () => {
    let seen: string | null = null;
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, ({ request }) => {
      seen = request.headers.get('x-request-id');
      return HttpResponse.json({ code: 200, message: 'ok', data: { list: [], total: 0, totalPage: 0 } });
    }));
    const lines: string[] = [];
    const restore = setLogSink((line) => { lines.push(line); });
    const response = await post('role/roleList').finally(restore);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toBe(id);
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
    expect(entry).toMatchObject({ level: 'info', requestId: id, layer: 'bff', path: 'role/roleList', status: 200, userId: 7 });
    expect(typeof entry.ms).toBe('number');
    expect(lines.join('\n')).not.toContain('secret-token-value');
  });

  it("keeps a load balancer's request id and names unknown paths 'other' (bounded labels)", async () => {
    let seen: string | null = null;
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, ({ request }) => {
      seen = request.headers.get('x-request-id');
      return HttpResponse.json({ code: 200, message: 'ok', data: { list: [], total: 0, totalPage: 0 } });
    }));
    const response = await post('role/roleList', { 'x-request-id': 'lb-2f9c1e77aa' });
    expect(response.headers.get('x-request-id')).toBe('lb-2f9c1e77aa');
    expect(seen).toBe('lb-2f9c1e77aa');
    const forged = await post('role/roleList', { 'x-request-id': 'bad id with spaces and "quotes"' });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const lines: string[] = [];
    const restore = setLogSink((line) => { lines.push(line); });
    await post('no/suchCall').finally(restore);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: 'other', status: 404 });
  });
});

describe('GET /api/metrics', () => {
  const scrape = (headers: Record<string, string>) =>
    metricsAnswer(new NextRequest('http://app.test/api/metrics', { headers: { host: 'app.test', ...headers } }), config);

  it('refuses a caller without the token from a network not allowed, in the envelope', async () => {
    const refused: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-0123456789' }];
    for (const headers of refused) {
      const response = await scrape(headers);
      expect(response.status).toBe(403);
      const body = await response.json();
      expect(body.code).toBe(403);
      expect(body.message).toBe('监控指标仅对运维令牌或允许的网络开放！');
    }
  });

  it('answers the token holder and the loopback in Prometheus text with calls counted by path and status', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => HttpResponse.json({ code: 200, message: 'ok', data: { list: [], total: 0, totalPage: 0 } })));
    await post('role/roleList');
    const response = await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/lbo_requests_total\{layer="bff",call="role\/roleList",status="200"\} \d+/);
    expect(text).toContain('lbo_request_duration_seconds_bucket{le="0.005",layer="bff",call="role/roleList",status="200"}');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('# TYPE lbo_db_pool_connections gauge');
    expect(text).toContain('# TYPE lbo_outbox_backlog gauge');
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('stops the start on a short token or a wrong network, naming the variable', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => parseConfig({ METRICS_ALLOW: '10.0.0.0/8, nonsense' })).toThrow(/METRICS_ALLOW/);
  });
});

describe('a call its browser gave up', () => {
  it('is an info line and a 499, not an error, when the browser went away while its body was read', async () => {
    const cookie = `${SESSION_COOKIE}=${await sealSession(session, config.sessionSecret)}`;
    const left = new AbortController();
    // What Next hands the BFF when the connection is reset half-way through the body.
    const body = new ReadableStream<Uint8Array>({
      start(controller) { controller.enqueue(new TextEncoder().encode('{"pageNum":')); },
      pull(controller) {
        left.abort();
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const request = new NextRequest('http://app.test/api/businessMessage/list', {
      method: 'POST', body, duplex: 'half', signal: left.signal, headers: { 'content-type': 'application/json', host: 'app.test', cookie },
    } as ConstructorParameters<typeof NextRequest>[1]);
    const lines: string[] = [];
    const restore = setLogSink((line) => { lines.push(line); });
    const response = await bff(request, ['businessMessage', 'list']).finally(restore);
    expect(response.status).toBe(499);
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries).toEqual([expect.objectContaining({ level: 'info', msg: 'request', path: 'businessMessage/list', status: 499, userId: 7 })]);
    const metrics = await (await metricsAnswer(new NextRequest('http://app.test/api/metrics', { headers: { host: 'app.test', authorization: `Bearer ${TOKEN}` } }), config)).text();
    expect(metrics).toMatch(/lbo_requests_total\{layer="bff",call="businessMessage\/list",status="499"\} 1/);
  });

  it('carries the request id into its own follow-up calls: the menu read inside sign-in has the sign-in\'s id', async () => {
    const seen: Record<string, string | null> = {};
    server.use(
      http.post(`${UPSTREAM}/api/admin/login`, ({ request }) => {
        seen.login = request.headers.get('x-request-id');
        return HttpResponse.json({ code: 200, message: 'ok', data: { uuid: 'u-9', token: 't-9', info: { id: 9, username: 'bank', nickname: '银行', type: 1, orgId: 5, orgName: '银行', orgType: 'BANK', mobile: null, mail: null, locale: null } } });
      }),
      http.get(`${UPSTREAM}/api/admin/getMenu`, ({ request }) => {
        seen.menu = request.headers.get('x-request-id');
        return HttpResponse.json({ code: 200, message: 'ok', data: { menu: [], access: [], version: 'v1' } });
      }),
    );
    const request = new NextRequest('http://app.test/api/admin/login', {
      method: 'POST', body: '{"username":"bank","password":"demo1234"}',
      headers: { 'content-type': 'application/json', host: 'app.test', 'x-request-id': 'lb-signin-0001' },
    });
    const response = await bff(request, ['admin', 'login']);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(seen.login).toBe('lb-signin-0001');
    expect(seen.menu).toBe('lb-signin-0001');
  });
});
