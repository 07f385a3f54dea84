import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { metricsAnswer } from '@/lib/bff/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus metrics for operators (lib/bff/metrics.ts). */
export async function GET(request: NextRequest) {
  return metricsAnswer(request, getConfig());
}
