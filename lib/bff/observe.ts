import { NextResponse, type NextRequest } from 'next/server';
import { log } from '../http/log';
import { observeCall } from '../http/metrics';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id';

/** What the BFF learns of a request while answering it, for its log line. */
export interface Trace { requestId: string; userId?: number }

type Handler = (req: NextRequest, segments: string[], trace: Trace) => Promise<NextResponse>;

/**
 * One log line and the metrics of every call through the BFF, and its request id in the
 * answer's `x-request-id` (taken from the caller's header when it is a plain token, else new).
 * The call label is a path of the call table, or 'other', never the raw URL.
 */
export function observed(isKnownCall: (path: string) => boolean, handle: Handler) {
  return async (req: NextRequest, segments: string[]): Promise<NextResponse> => {
    const started = performance.now();
    const trace: Trace = { requestId: requestIdOf(req.headers.get(REQUEST_ID_HEADER)) };
    const joined = segments.join('/');
    const path = isKnownCall(joined) ? joined : 'other';
    let response: NextResponse;
    try {
      response = await handle(req, segments, trace);
    } catch (error) {
      if (req.signal.aborted) return clientGone(req, path, trace, started);
      observeCall('bff', path, 500, (performance.now() - started) / 1000);
      log.error({ requestId: trace.requestId, layer: 'bff', path, error }, 'request failed');
      throw error;
    }
    const seconds = (performance.now() - started) / 1000;
    observeCall('bff', path, response.status, seconds);
    log.info({ requestId: trace.requestId, layer: 'bff', path, method: req.method, status: response.status, ms: Math.round(seconds * 1000), userId: trace.userId }, 'request');
    response.headers.set(REQUEST_ID_HEADER, trace.requestId);
    return response;
  };
}

/** The status a call is counted and logged with when its caller left before the answer (as proxies count it). */
const CLIENT_CLOSED = 499;

/**
 * A call whose browser went away while it was read or answered (a page left, a poll given up):
 * nothing failed here and nobody waits for the answer, so it is an info line and a 499 in the
 * metrics, not an error (Next would print the body stream's ECONNRESET as one).
 */
function clientGone(req: NextRequest, path: string, trace: Trace, started: number): NextResponse {
  const seconds = (performance.now() - started) / 1000;
  observeCall('bff', path, CLIENT_CLOSED, seconds);
  log.info({ requestId: trace.requestId, layer: 'bff', path, method: req.method, status: CLIENT_CLOSED, ms: Math.round(seconds * 1000), userId: trace.userId }, 'request given up by the client');
  return new NextResponse(null, { status: CLIENT_CLOSED });
}
