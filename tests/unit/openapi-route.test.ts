import { describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { parseConfig, type Config } from '@/lib/config';
import { sealSession, SESSION_COOKIE, type SessionData } from '@/lib/session';
import { decide } from '@/lib/guard';

vi.mock('server-only', () => ({}));
const { createOpenApiRoute } = await import('@/lib/bff/openapi');

const config: Config = { ...parseConfig({ UPSTREAM_URL: 'http://upstream.test' }), sessionSecret: 's'.repeat(40) };
const route = createOpenApiRoute(config);
const session: SessionData = {
  uuid: 'u-1', token: 'secret-token', user: { id: 2, username: 'bank', nickname: '银行审核员', type: 1 }, locale: 'zh-CN',
  paths: ['/bank/bank-first'], menuVersion: 'v1', issuedAt: 0, lastSeen: 0, persistent: false,
};

async function get(cookie?: string, headers: Record<string, string> = {}) {
  const request = new NextRequest('http://app.test/api/openapi.json', { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const response = await route(request);
  return { response, body: await response.json() };
}

describe('GET /api/openapi.json', () => {
  it('answers the 401 envelope without a session', async () => {
    const { response, body } = await get();
    expect(response.status).toBe(401);
    expect(body).toEqual({ code: 401, message: '登录超时！', data: null });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 401 in the browser language and clears a forged session cookie', async () => {
    const { response, body } = await get(`${SESSION_COOKIE}=forged`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.status).toBe(401);
    expect(body.code).toBe(401);
    expect(body.message).toBe('login timed out!');
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
  });

  it('answers the document to any signed-in user, never cached by others', async () => {
    const { response, body } = await get(`${SESSION_COOKIE}=${await sealSession(session, config.sessionSecret)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.components.securitySchemes.session).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }));
    expect(body.paths['/api/systemUser/adminList'].get.summary).toBe('Users, paged and searched');
    expect(body.paths['/api/admin/login'].post.security).toEqual([]);
  });
});

describe('the /api-docs page', () => {
  it('sends a visitor without a session to sign in first, and opens for any signed-in user', () => {
    expect(decide('/api-docs', '', null)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fapi-docs' });
    expect(decide('/api-docs', '', { paths: [] })).toEqual({ action: 'next' });
  });
});
