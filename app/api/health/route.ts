import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { defaultTransport } from '@/lib/bff';
import { healthAnswer } from '@/lib/bff/health';

export const dynamic = 'force-dynamic';

/** Readiness of the application, the platform service and its database (lib/bff/health.ts). */
export async function GET(request: NextRequest) {
  return healthAnswer(request, getConfig(), defaultTransport());
}
