/**
 * Liveness: the process answers HTTP. Unlike /api/health (readiness) it asks nothing of the
 * service or the database, so an orchestrator restarts only a process that hangs. It is also
 * the bare route handler bench/bff.ts measures the BFF against.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'live' }, { headers: { 'cache-control': 'no-store' } });
}
