import type { NextRequest } from 'next/server';
import { defaultBff } from '@/lib/bff';

type Params = { params: Promise<{ path: string[] }> };

export const dynamic = 'force-dynamic';

async function handle(req: NextRequest, { params }: Params) {
  return defaultBff()(req, (await params).path);
}

// Every method reaches the BFF, which answers the ones a call does not take with 405 in the envelope.
export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH, handle as OPTIONS };
