import { NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { defaultTransport } from '@/lib/bff';

export const dynamic = 'force-dynamic';

/** Liveness of the app and readiness of the platform service and its database. */
export async function GET() {
  const config = getConfig();
  const started = Date.now();
  const outcome = await defaultTransport()({ path: 'health', method: 'GET', locale: 'en', clientIp: 'health' });
  const ready = outcome.kind === 'response' && outcome.status === 200 && outcome.body?.code === 200;
  const body = {
    app: 'ok',
    upstream: {
      mode: config.UPSTREAM_URL ? 'http' : 'in-process',
      database: config.UPSTREAM_URL ? 'remote' : config.DATABASE_URL ? 'postgres' : 'pglite',
      status: ready ? 'ok' : outcome.kind === 'failure' ? outcome.reason : 'error',
      ms: Date.now() - started,
    },
  };
  return NextResponse.json(body, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
