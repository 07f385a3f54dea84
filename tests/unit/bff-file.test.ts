import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { createTransport } from '@/lib/bff/transport';
import { contentDisposition, fileNameOf } from '@/lib/http/file-name';
import { parseConfig, type Config } from '@/lib/config';
import { sealSession, SESSION_COOKIE, type SessionData } from '@/lib/session';

const UPSTREAM = 'http://upstream.test';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const config: Config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, UPSTREAM_TIMEOUT_MS: '300' }), sessionSecret: 's'.repeat(40) };
const bff = createBff({ config, transport: createTransport(config) });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const session: SessionData = {
  uuid: 'u-1', token: 'secret-token', user: { id: 7, username: 'bank', nickname: '银行审核员', type: 1 }, locale: 'zh-CN',
  paths: ['/bank/bank-first'], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: false,
};
const EXPORT = 'businessClubFirstTrial/exportAll';

async function call(path: string, body: unknown = {}) {
  const headers = new Headers({ 'content-type': 'application/json', host: 'app.test', cookie: `${SESSION_COOKIE}=${await sealSession(session, config.sessionSecret)}` });
  return bff(new NextRequest(`http://app.test/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), path.split('/'));
}

const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);

describe('file answers through the BFF', () => {
  it('passes a file through unchanged: status, type, name and bytes, with the token sent and nothing cached', async () => {
    let token: string | null = null;
    server.use(http.post(`${UPSTREAM}/api/${EXPORT}`, ({ request }) => {
      token = request.headers.get('token');
      return new HttpResponse(zipBytes, { status: 200, headers: { 'content-type': XLSX, 'content-disposition': contentDisposition('银行初审-20261122.xlsx') } });
    }));
    const response = await call(EXPORT, { stage: 'BANK_FIRST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(fileNameOf(response.headers.get('content-disposition'))).toBe('银行初审-20261122.xlsx');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(zipBytes);
    expect(token).toBe('secret-token');
  });

  it('an error answer stays an envelope and goes through the catalogue', async () => {
    server.use(http.post(`${UPSTREAM}/api/${EXPORT}`, () => HttpResponse.json({ code: 422, message: '导出的数据超过 50000 条，请缩小查询范围后再导出', data: null }, { status: 422 })));
    const response = await call(EXPORT);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: 422, message: '导出的数据超过 50000 条，请缩小查询范围后再导出！', data: null });
  });

  it('a non-JSON error answer is the server error, never its body', async () => {
    server.use(http.post(`${UPSTREAM}/api/${EXPORT}`, () => new HttpResponse('stack trace at /srv/app.js', { status: 500, headers: { 'content-type': 'text/plain' } })));
    const response = await call(EXPORT);
    expect(await response.json()).toEqual({ code: 500, message: '服务器错误，请稍后重试！', data: null });
  });

  it('a file that takes too long is the system error within the timeout', async () => {
    server.use(http.post(`${UPSTREAM}/api/${EXPORT}`, () => new HttpResponse(new ReadableStream({
      async start(controller) { controller.enqueue(zipBytes); await delay(5_000); controller.close(); },
    }), { status: 200, headers: { 'content-type': XLSX } })));
    const started = Date.now();
    const response = await call(EXPORT);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await response.json()).toMatchObject({ code: 504, message: '系统错误，请联系管理员！' });
  });

  it('round-trips names with non-ASCII characters, quotes and folders removed', () => {
    for (const name of ['银行统计 2026-11.xlsx', "it's (1).xlsx", 'a"b;c.xlsx']) expect(fileNameOf(contentDisposition(name))).toBe(name);
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(null)).toBe('download');
  });
});
