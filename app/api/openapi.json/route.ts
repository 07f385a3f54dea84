import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { createOpenApiRoute } from '@/lib/bff/openapi';

export const dynamic = 'force-dynamic';

let route: ReturnType<typeof createOpenApiRoute> | undefined;

/** The OpenAPI document of the /api contract (signed-in users only). */
export function GET(request: NextRequest) {
  return (route ??= createOpenApiRoute(getConfig()))(request);
}
