import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSettings } from '../../upstream/options';

/** What the receiver does with a request: answer with a code, or never answer. */
export type ReceiverMode = { code: number; body?: string } | 'hang';

export interface Received { key: string; signature: string; event: string; body: string; valid: boolean }

/** The worker's settings in tests: short timeout and backoff, three attempts. */
export const TEST_PUSH: PushSettings = { worker: false, pollMs: 50, batchSize: 20, timeoutMs: 2000, maxAttempts: 3, backoffMs: 1000, backoffMaxMs: 4000 };

/** How a receiver checks a delivery (docs/api.md, 'Receiving pushes'): HMAC-SHA256 of the raw body, compared in constant time. */
function verify(secret: string, rawBody: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

/**
 * A real HTTP receiver on 127.0.0.1 in the test process: records every request it read (with
 * whether its signature is valid under `secret`) and answers as `mode` says. It can go down
 * and come back on the same port.
 */
export class Receiver {
  received: Received[] = [];
  mode: ReceiverMode = { code: 200, body: '{"ok":true}' };
  port = 0;
  private server: Server | null = null;
  private readonly hanging = new Set<() => void>();

  constructor(private readonly secret: string) {}

  get url() { return `http://127.0.0.1:${this.port}/hook`; }

  async up(): Promise<void> {
    const server = createServer(async (req, res) => {
      const body = await read(req);
      const signature = String(req.headers['x-lbo-signature'] ?? '');
      this.received.push({ key: String(req.headers['idempotency-key'] ?? ''), signature, event: String(req.headers['x-lbo-event'] ?? ''), body, valid: verify(this.secret, body, signature) });
      const mode = this.mode;
      if (mode === 'hang') {
        this.hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(mode.code, { 'content-type': 'application/json' }).end(mode.body ?? '{}');
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    for (const end of this.hanging) end();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Deliveries per idempotency key. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.received) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
    return counts;
  }
}
