import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '@/lib/bff/transport';
import { parseConfig, type Config } from '@/lib/config';

/** A service over real HTTP (no interception): what it received, and how many connections it was opened. */
interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }
const seen: Seen[] = [];
let connections = 0;
let closed = 0;
let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  server.on('connection', (socket) => { connections++; socket.on('close', () => { closed++; }); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

/** A configuration over HTTP (the transport needs no session secret). */
const over = (env: Record<string, string>): Config => ({ ...parseConfig(env), sessionSecret: 's'.repeat(40) });
const reset = () => { seen.length = 0; connections = 0; closed = 0; };
const envelope = (res: ServerResponse, data: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ code: 200, message: 'success', data }));
};

describe('the transport over HTTP', () => {
  it('reuses one kept-alive connection and sends each body whole, with its length', async () => {
    reset();
    answer = (_req, res) => envelope(res, { total: 3 }, { 'x-grants-version': '42' });
    const transport = createTransport(over({ UPSTREAM_URL: `${base}/svc/`, UPSTREAM_TIMEOUT_MS: '2000' }));
    const body = JSON.stringify({ name: '张三', pageNum: 1 });
    for (let i = 0; i < 3; i++) {
      const outcome = await transport({ path: 'role/roleList', method: 'POST', body, token: 't-1', locale: 'en', clientIp: '10.0.0.9', requestId: `r-${i}` });
      expect(outcome).toEqual({ kind: 'response', status: 200, body: { code: 200, message: 'success', data: { total: 3 } }, grantsVersion: '42' });
    }
    const read = await transport({ path: 'region/tree', method: 'GET', query: 'parent=11', locale: 'zh-CN', clientIp: '10.0.0.9' });
    expect(read.kind).toBe('response');
    expect(connections).toBe(1);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /svc/api/role/roleList', 'POST /svc/api/role/roleList', 'POST /svc/api/role/roleList', 'GET /svc/api/region/tree?parent=11',
    ]);
    const first = seen[0]!;
    expect(first.body).toBe(body);
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(first.headers['transfer-encoding']).toBeUndefined();
    expect(first.headers).toMatchObject({ token: 't-1', 'x-client-ip': '10.0.0.9', 'accept-language': 'en', 'x-request-id': 'r-0', 'content-type': 'application/json' });
    expect(seen[3]!.headers.token).toBeUndefined();
  });

  it('passes a file answer on as bytes with the headers that describe it', async () => {
    reset();
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length), 'content-disposition': 'attachment; filename="a.xlsx"', 'x-internal': 'no' });
      res.end(bytes);
    };
    const transport = createTransport(over({ UPSTREAM_URL: base, UPSTREAM_TIMEOUT_MS: '2000' }));
    const outcome = await transport({ path: 'x/export', method: 'POST', body: '{}', locale: 'zh-CN', clientIp: '10.0.0.9' });
    expect(outcome.kind).toBe('file');
    if (outcome.kind !== 'file') return;
    expect(Buffer.from(outcome.body)).toEqual(bytes);
    expect(outcome.headers).toEqual({ 'content-type': 'application/octet-stream', 'content-length': '6', 'content-disposition': 'attachment; filename="a.xlsx"' });
  });

  it('gives up on a service that does not answer within the time limit and drops its connection', async () => {
    reset();
    answer = () => { /* never answers */ };
    const transport = createTransport(over({ UPSTREAM_URL: base, UPSTREAM_TIMEOUT_MS: '200' }));
    const started = performance.now();
    const outcome = await transport({ path: 'role/roleList', method: 'POST', body: '{}', locale: 'zh-CN', clientIp: '10.0.0.9' });
    expect(outcome).toEqual({ kind: 'failure', reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1500);
    await expect.poll(() => closed).toBe(1);
  });

  it('reports a service that cannot be reached', async () => {
    const transport = createTransport(over({ UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '2000' }));
    expect(await transport({ path: 'role/roleList', method: 'POST', body: '{}', locale: 'zh-CN', clientIp: '10.0.0.9' }))
      .toEqual({ kind: 'failure', reason: 'unreachable' });
  });
});
