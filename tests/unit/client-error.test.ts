import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from '../../scripts/client-error.mjs';

/** What the production server (scripts/server.mjs) answers before Next sees a request. */
function get(port: number, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/api/admin/getUserInfo', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each([['zh-CN', '请求头过大！'], ['en', 'request headers too large!']])('refusals of the HTTP server (%s)', (locale, message) => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => { res.end('{"code":200,"message":"ok","data":null}'); });
    server.on('clientError', answerClientError(locale));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers headers too large with 431 in the envelope', async () => {
    const { status, type, body } = await get(port, { 'x-filler': 'a'.repeat(20_000) });
    expect(status).toBe(431);
    expect(type).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toEqual({ code: 431, message, data: null });
  });
  it('leaves ordinary requests to the application', async () => {
    expect((await get(port, {})).status).toBe(200);
  });
});
