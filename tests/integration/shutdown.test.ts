import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The graceful stop both production servers use (lib/http/graceful.mjs), on a real process
 * and real sockets: a server whose requests take as long as they ask (`?ms=`) and whose
 * `close` stands for closing the database.
 */
const GRACEFUL = pathToFileURL(join(process.cwd(), 'lib', 'http', 'graceful.mjs')).href;
const SERVER = `
import { createServer } from 'node:http';
import { gracefulShutdown } from '${GRACEFUL}';
const server = createServer((req, res) => {
  const ms = Number(new URL(req.url, 'http://x').searchParams.get('ms') ?? 0);
  setTimeout(() => res.end('done ' + ms), ms);
});
gracefulShutdown(server, { close: async () => { await new Promise((r) => setTimeout(r, 50)); console.log(JSON.stringify({ msg: 'database closed' })); } });
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
`;

interface Started { child: ChildProcess; port: number; lines: Record<string, unknown>[]; exit: Promise<number | null> }
const children: ChildProcess[] = [];
afterEach(() => { for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL'); });

async function start(timeoutMs: number): Promise<Started> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { env: { ...process.env, SHUTDOWN_TIMEOUT_MS: String(timeoutMs) }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  const port = new Promise<number>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        const line = JSON.parse(part) as Record<string, unknown>;
        lines.push(line);
        if (typeof line.port === 'number') resolve(line.port);
      }
    });
  });
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, port: await port, lines, exit };
}

function get(port: number, ms: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/?ms=${ms}`, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown on SIGTERM', () => {
  it('stops accepting, finishes the request in flight (a repeated SIGTERM too), closes the database, then exits 0', async () => {
    const server = await start(5000);
    const inFlight = get(server.port, 700);
    await sleep(150);
    server.child.kill('SIGTERM');
    await sleep(50);
    server.child.kill('SIGTERM'); // npm and tsx pass a stop on: a repeated SIGTERM changes nothing
    await sleep(50);
    await expect(get(server.port, 0)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await inFlight).toEqual({ status: 200, body: 'done 700' });
    expect(await server.exit).toBe(0);
    const messages = server.lines.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['stopping: no new connections, finishing the requests in flight', 'database closed', 'stopped']));
    expect(messages.indexOf('database closed')).toBeLessThan(messages.indexOf('stopped'));
  });

  it('gives up on a request that outlasts SHUTDOWN_TIMEOUT_MS, still closing the database', async () => {
    const server = await start(300);
    const started = Date.now();
    const slow = get(server.port, 20_000).catch((error: Error) => error);
    await sleep(150);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await slow).toBeInstanceOf(Error);
    const messages = server.lines.map((l) => l.msg);
    expect(messages).toContain('shutdown time limit reached: closing the remaining requests');
    expect(messages).toContain('database closed');
  });
});
