import type { NextRequest } from 'next/server';
import { defaultBff } from '@/lib/bff';

/**
 * The unread count, polled by every signed-in browser every 10 seconds, answered by the same
 * BFF as every other call (app/api/[...path]). A static route of its own spares the poll
 * Next's matching of the catch-all's parameters: about 0.1 ms of CPU a call (docs/architecture.md, 'Why it stays quick').
 */
export const dynamic = 'force-dynamic';

const SEGMENTS = ['businessMessage', 'count'];
const handle = (req: NextRequest) => defaultBff()(req, SEGMENTS);

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH, handle as OPTIONS };
