import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { createTransport } from '@/lib/bff/transport';
import { parseConfig, type Config } from '@/lib/config';
import { LOCALE_COOKIE, sealSession, SESSION_COOKIE, unsealSession, type SessionData } from '@/lib/session';
import { userLocaleCookie } from '@/lib/contract/session';

const UPSTREAM = 'http://upstream.test';
const config: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, UPSTREAM_TIMEOUT_MS: '300' }), sessionSecret: 's'.repeat(40) };
const bff = createBff({ config, transport: createTransport(config) });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = (data: unknown) => HttpResponse.json({ code: 200, message: 'success', data });
/** The unread count as the service answers it, with the grants' version the session already has. */
const unread = (count: number) => HttpResponse.json({ code: 200, message: 'success', data: count }, { headers: { 'x-grants-version': 'v1' } });
const session: SessionData = {
  uuid: 'u-1', token: 'secret-token', user: { id: 1, username: 'admin', nickname: '管理员', type: 0 }, locale: 'zh-CN',
  paths: ['/bank/bank-first'], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: true,
};

async function call(path: string, init: { body?: unknown; method?: string; headers?: Record<string, string>; session?: SessionData | null } = {}) {
  const headers = new Headers({ 'content-type': 'application/json', host: 'app.test', ...init.headers });
  if (init.session !== null) headers.set('cookie', `${SESSION_COOKIE}=${await sealSession(init.session ?? session, config.sessionSecret)}`);
  const method = init.method ?? 'POST';
  const request = new NextRequest(`http://app.test/api/${path}`, {
    method, headers, body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
  });
  const response = await bff(request, path.split('/'));
  return { status: response.status, body: await response.json(), response };
}

describe('forwarding', () => {
  it('sends the sealed token as the token header and nothing of the browser cookies', async () => {
    let seen: Headers | undefined;
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, ({ request }) => { seen = request.headers; return ok({ list: [], total: 0, totalPage: 0 }); }));
    const { status, body } = await call('role/roleList', { body: { pageNum: 1, pageSize: 10 }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: '操作成功', data: { list: [], total: 0, totalPage: 0 } });
    expect(seen!.get('token')).toBe('secret-token');
    expect(seen!.get('cookie')).toBeNull();
    expect(seen!.get('x-client-ip')).toBe('203.0.113.9');
    expect(seen!.get('accept-language')).toBe('zh-CN');
  });
  it('behind a trusted proxy sends the right end of X-Forwarded-For as the client address, not the forged left', async () => {
    const proxied: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.0/8' }), sessionSecret: 's'.repeat(40) };
    let seen: Headers | undefined;
    server.use(http.post(`${UPSTREAM}/api/admin/login`, ({ request }) => { seen = request.headers; return HttpResponse.json({ code: 403, message: 'x', data: null }); }));
    const request = new NextRequest('http://app.test/api/admin/login', {
      method: 'POST', body: '{}',
      headers: { 'content-type': 'application/json', host: 'app.test', 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.2' },
    });
    await createBff({ config: proxied, transport: createTransport(proxied) })(request, ['admin', 'login']);
    expect(seen!.get('x-client-ip')).toBe('198.51.100.7');
  });
  it('refuses paths outside the allowlist without calling the upstream', async () => {
    for (const path of ['..%2Fadmin/login', 'admin', '1abc/def', 'admin/login.json']) {
      const { body } = await call(path);
      expect(body.code).toBe(404);
      expect(body.message).toBe('请求的资源不存在（404 Not Found）！');
    }
  });
  it('answers 401 without a session and does not call the upstream', async () => {
    const { body } = await call('role/roleList', { session: null });
    expect(body).toMatchObject({ code: 401, message: '登录超时！' });
  });
  it('refuses a cross-site write by Fetch Metadata or Origin', async () => {
    expect((await call('admin/login', { headers: { 'sec-fetch-site': 'cross-site' }, session: null })).status).toBe(403);
    expect((await call('admin/login', { headers: { origin: 'https://evil.example' }, session: null })).status).toBe(403);
  });
  it('accepts a same-origin write', async () => {
    server.use(http.post(`${UPSTREAM}/api/businessMessage/count`, () => unread(3)));
    expect((await call('businessMessage/count', { headers: { origin: 'http://app.test', 'sec-fetch-site': 'same-origin' } })).body.data).toBe(3);
  });
  it('neither reads nor forwards the body of a call that takes no input (the count poll), and still reads every other', async () => {
    const bodies: Record<string, string> = {};
    server.use(
      http.post(`${UPSTREAM}/api/businessMessage/count`, async ({ request }) => { bodies.count = await request.text(); return unread(2); }),
      http.post(`${UPSTREAM}/api/role/roleList`, async ({ request }) => { bodies.list = await request.text(); return ok({ list: [], total: 0, totalPage: 0 }); }),
    );
    expect((await call('businessMessage/count', { body: { anything: 'x'.repeat(10) } })).body.data).toBe(2);
    expect(bodies.count).toBe('{}');
    await call('role/roleList', { body: { pageNum: 2, pageSize: 10 } });
    expect(JSON.parse(bodies.list!)).toEqual({ pageNum: 2, pageSize: 10 });
  });
  it('forwards the poll the browser makes as a GET as a GET, without a body', async () => {
    let seen: { method: string; body: string } | undefined;
    server.use(http.get(`${UPSTREAM}/api/businessMessage/count`, async ({ request }) => { seen = { method: request.method, body: await request.text() }; return unread(5); }));
    const { status, body } = await call('businessMessage/count', { method: 'GET' });
    expect(status).toBe(200);
    expect(body.data).toBe(5);
    expect(seen).toEqual({ method: 'GET', body: '' });
  });
});

describe('the upstream failing', () => {
  it('down (or gone mid-call): 503 with the system error message, no stack trace', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => HttpResponse.error()));
    const { status, body } = await call('role/roleList');
    expect(status).toBe(503);
    expect(body).toEqual({ code: 503, message: '系统错误，请联系管理员！', data: null });
  });
  it('behind a load balancer that lost its replica (its own 502 page): 503 with the system error message', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    const { status, body } = await call('role/roleList');
    expect(status).toBe(503);
    expect(body).toEqual({ code: 503, message: '系统错误，请联系管理员！', data: null });
  });
  it('hanging: 504 with the system error message within the timeout', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, async () => { await delay('infinite'); return ok(null); }));
    const started = Date.now();
    const { status, body } = await call('role/roleList');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(status).toBe(504);
    expect(body.message).toBe('系统错误，请联系管理员！');
  });
  it('answering HTTP 500: the server error message, never its body', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => HttpResponse.json({ code: 500, message: 'at Object.<anonymous> (/srv/app.js:1:1)', data: null }, { status: 500 })));
    const { body } = await call('role/roleList');
    expect(body).toEqual({ code: 500, message: '服务器错误，请稍后重试！', data: null });
  });
  it("answering another code: the server's message plus '！' and the field keys", async () => {
    server.use(http.post(`${UPSTREAM}/api/role/saveOrUpdate`, () => HttpResponse.json({ code: 422, message: '提交的内容不符合要求', data: { fields: { name: 'validation.invalid' } } }, { status: 422 })));
    const { status, body } = await call('role/saveOrUpdate');
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, message: '提交的内容不符合要求！', data: { fields: { name: 'validation.invalid' } } });
  });
  it('answering 401 in the body: login timed out and the session cookie is cleared', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => HttpResponse.json({ code: 401, message: 'expired', data: null })));
    const { body, response } = await call('role/roleList');
    expect(body).toMatchObject({ code: 401, message: '登录超时！' });
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
  });
  it('answering an English caller in English', async () => {
    server.use(http.post(`${UPSTREAM}/api/role/roleList`, () => HttpResponse.error()));
    const { body } = await call('role/roleList', { session: { ...session, locale: 'en' } });
    expect(body.message).toBe('system error, please contact the administrator!');
  });
});

describe('sign-in and sign-out', () => {
  const info = { id: 7, username: 'bank', nickname: '银行审核员', type: 1, orgId: 5, orgName: '银行', orgType: 'BANK', mobile: null, mail: null, locale: null };
  const menu = { menu: [{ path: '/bank', title: '银行', titleEn: 'Bank', icon: null, header: null, auth: null, hidden: false,
    children: [{ path: '/bank/bank-first', title: '初审', titleEn: 'First', icon: null, header: null, auth: null, hidden: false, children: [] }] }], access: [], version: 'v9' };

  it('seals uuid, token, user and the menu paths into an httpOnly SameSite=Strict cookie and never returns the token', async () => {
    server.use(
      http.post(`${UPSTREAM}/api/admin/login`, () => ok({ uuid: 'uuid-9', token: 'upstream-token', info })),
      http.get(`${UPSTREAM}/api/admin/getMenu`, ({ request }) => (request.headers.get('token') === 'upstream-token' ? ok(menu) : HttpResponse.json({ code: 401, message: 'x', data: null }))),
    );
    const { body, response } = await call('admin/login', { body: { username: 'bank', password: 'demo1234', remember: true }, session: null });
    expect(body.code).toBe(200);
    expect(JSON.stringify(body)).not.toContain('upstream-token');
    expect(body.data.info.username).toBe('bank');
    const cookie = response.cookies.get(SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'strict', maxAge: 86400, path: '/' });
    expect(cookie.value).not.toContain('upstream-token');
    const sealed = await unsealSession(cookie.value, config.sessionSecret);
    expect(sealed).toMatchObject({ uuid: 'uuid-9', token: 'upstream-token', user: { username: 'bank', type: 1 }, paths: ['/bank/bank-first'], menuVersion: 'v9' });
  });
  it('keeps a signed-in user\'s language in this browser, in a cookie of that user, and tells the service nothing', async () => {
    // No upstream handler: a forwarded call would fail.
    const { body, response } = await call('admin/setLocale', { body: { locale: 'en' } });
    expect(body).toMatchObject({ code: 200, data: { locale: 'en' } });
    expect(response.cookies.get(userLocaleCookie(session.user.id))).toMatchObject({ value: 'en', path: '/', httpOnly: false });
    expect(response.cookies.get(LOCALE_COOKIE)).toBeUndefined();
    expect(await unsealSession(response.cookies.get(SESSION_COOKIE)!.value, config.sessionSecret)).toMatchObject({ locale: 'en' });
  });
  it('signs in in the language the user chose in this browser, else by the sign-in default; another account\'s choice is not used', async () => {
    server.use(
      http.post(`${UPSTREAM}/api/admin/login`, () => ok({ uuid: 'uuid-9', token: 'upstream-token', info: { ...info, locale: 'en' } })),
      http.get(`${UPSTREAM}/api/admin/getMenu`, () => ok(menu)),
    );
    const signIn = async (cookie: string) => {
      const { body, response } = await call('admin/login', { body: { username: 'bank', password: 'demo1234' }, session: null, headers: { cookie, 'accept-language': 'zh-CN,zh;q=0.9' } });
      return { locale: body.data.info.locale, message: body.message, sealed: await unsealSession(response.cookies.get(SESSION_COOKIE)!.value, config.sessionSecret) };
    };
    const chosen = await signIn(`${userLocaleCookie(7)}=en`);
    expect(chosen).toMatchObject({ locale: 'en', sealed: { locale: 'en' } });
    // The service's idea of the user's language (from another browser) does not count, nor another account's choice here.
    const other = await signIn(`${userLocaleCookie(8)}=en`);
    expect(other).toMatchObject({ locale: 'zh-CN', sealed: { locale: null } });
  });
  it('passes a failed login through the catalogue and sets no cookie', async () => {
    server.use(http.post(`${UPSTREAM}/api/admin/login`, () => HttpResponse.json({ code: 403, message: '用户名或密码错误', data: null }, { status: 403 })));
    const { body, response } = await call('admin/login', { body: { username: 'x', password: 'y' }, session: null });
    expect(body).toEqual({ code: 403, message: '用户名或密码错误！', data: null });
    expect(response.cookies.get(SESSION_COOKIE)).toBeUndefined();
  });
  it('logs out upstream and clears the session even when the upstream is down', async () => {
    server.use(http.post(`${UPSTREAM}/api/admin/logOut`, () => HttpResponse.error()));
    const { body, response } = await call('admin/logOut');
    expect(body.code).toBe(200);
    expect(response.cookies.get(SESSION_COOKIE)?.value).toBe('');
  });
  it('ignores a forged session cookie', async () => {
    const request = new NextRequest('http://app.test/api/role/roleList', { method: 'POST', headers: { cookie: `${SESSION_COOKIE}=Fe26.2**forged` }, body: '{}' });
    const body = await (await bff(request, ['role', 'roleList'])).json();
    expect(body.code).toBe(401);
  });
});

describe('a change of grants during the message poll', () => {
  const menu = { menu: [{ path: '/bank', title: '银行', titleEn: 'Bank', icon: null, header: null, auth: null, hidden: false,
    children: [{ path: '/bank/bank-last', title: '复审', titleEn: 'Second', icon: null, header: null, auth: null, hidden: false, children: [] }] }], access: [], version: 'v2' };

  it('answers the count with the new version and refreshes the allowed paths in the session', async () => {
    server.use(
      http.post(`${UPSTREAM}/api/businessMessage/count`, () => ok(4)),
      http.get(`${UPSTREAM}/api/admin/getMenuVersion`, () => ok({ version: 'v2' })),
      http.get(`${UPSTREAM}/api/admin/getMenu`, () => ok(menu)),
    );
    const { body, response } = await call('businessMessage/count');
    expect(body.data).toBe(4);
    expect(response.headers.get('x-menu-version')).toBe('v2');
    const sealed = await unsealSession(response.cookies.get(SESSION_COOKIE)!.value, config.sessionSecret);
    expect(sealed).toMatchObject({ paths: ['/bank/bank-last'], menuVersion: 'v2', token: 'secret-token' });
  });

  it('makes one service call when the service answers the count with its grants version', async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${UPSTREAM}/api/businessMessage/count`, ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json({ code: 200, message: 'success', data: 3 }, { headers: { 'x-grants-version': 'v1' } });
      }),
    );
    const { body, response } = await call('businessMessage/count');
    expect(body.data).toBe(3);
    expect(calls).toEqual(['/api/businessMessage/count']);
    expect(response.headers.get('x-menu-version')).toBeNull();
    expect(response.cookies.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('reads the menu only when the answered version differs from the session\'s', async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${UPSTREAM}/api/businessMessage/count`, () => HttpResponse.json({ code: 200, message: 'success', data: 1 }, { headers: { 'x-grants-version': 'v2' } })),
      http.get(`${UPSTREAM}/api/admin/getMenu`, ({ request }) => { calls.push(new URL(request.url).pathname); return ok(menu); }),
    );
    const { response } = await call('businessMessage/count');
    expect(calls).toEqual(['/api/admin/getMenu']);
    expect(response.headers.get('x-menu-version')).toBe('v2');
    expect(await unsealSession(response.cookies.get(SESSION_COOKIE)!.value, config.sessionSecret)).toMatchObject({ paths: ['/bank/bank-last'], menuVersion: 'v2' });
  });

  it('leaves the session alone while the version is unchanged', async () => {
    server.use(
      http.post(`${UPSTREAM}/api/businessMessage/count`, () => ok(0)),
      http.get(`${UPSTREAM}/api/admin/getMenuVersion`, () => ok({ version: 'v1' })),
    );
    const { body, response } = await call('businessMessage/count');
    expect(body.data).toBe(0);
    expect(response.headers.get('x-menu-version')).toBeNull();
    expect(response.cookies.get(SESSION_COOKIE)).toBeUndefined();
  });
});
