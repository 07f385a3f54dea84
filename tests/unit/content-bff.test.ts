import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NextRequest } from 'next/server';
import { createBff } from '@/lib/bff/handler';
import { createTransport } from '@/lib/bff/transport';
import { parseConfig } from '@/lib/config';

/**
 * The portal's consultation form through the web application: no session needed, and the
 * address the service limits by is the one sign-in throttling uses (X-Forwarded-For trusted
 * only from TRUSTED_PROXIES).
 */
const UPSTREAM = 'http://upstream.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const body = { name: '张三', mobile: '13900000000', category: 'POLICY', content: '额度是多少？' };

async function submit(env: Record<string, string>, forwardedFor: string) {
  const config = { ...parseConfig({ UPSTREAM_URL: UPSTREAM, ...env }), sessionSecret: 's'.repeat(40) };
  let seen: Headers | undefined;
  server.use(http.post(`${UPSTREAM}/api/mobile/public/businssConsult/add`, ({ request }) => {
    seen = request.headers;
    return HttpResponse.json({ code: 200, message: 'ok', data: { id: 1, createTime: '2026-01-01T00:00:00.000Z' } });
  }));
  const request = new NextRequest('http://app.test/api/mobile/public/businssConsult/add', {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', host: 'app.test', 'x-forwarded-for': forwardedFor },
  });
  const response = await createBff({ config, transport: createTransport(config) })(request, ['mobile', 'public', 'businssConsult', 'add']);
  return { status: response.status, seen: seen! };
}

describe('the public consultation form through the web application', () => {
  it('needs no session and sends no token', async () => {
    const { status, seen } = await submit({}, '203.0.113.9');
    expect(status).toBe(200);
    expect(seen.get('token')).toBeNull();
  });

  it('behind a trusted proxy limits by the address the proxy saw, not a forged one on the left', async () => {
    const { seen } = await submit({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.0/8' }, '1.2.3.4, 198.51.100.7, 10.0.0.2');
    expect(seen.get('x-client-ip')).toBe('198.51.100.7');
  });
});
