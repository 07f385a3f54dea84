import { NextResponse, type NextRequest } from 'next/server';
import { log } from '../http/log';
import { observeCall } from '../http/metrics';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id';

/** What the BFF learns of a request while answering it, for its log line. */
export interface Trace { requestId: string; userId?: number }

/** The status of a call whose caller left before its answer. */
const CLIENT_CLOSED = 499;

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
      // The browser went away while its call was read (a page left, a poll given up): nothing
      // failed here and nobody waits for the answer, so it is logged and counted as a 499, as
      // proxies count it, not as an error (Next would print the reset body stream as one).
      if (!req.signal.aborted) {
        observeCall('bff', path, 500, (performance.now() - started) / 1000);
        log.error({ requestId: trace.requestId, layer: 'bff', path, error }, 'request failed');
        throw error;
      }
      response = new NextResponse(null, { status: CLIENT_CLOSED });
    }
    const seconds = (performance.now() - started) / 1000;
    observeCall('bff', path, response.status, seconds);
    log.info({ requestId: trace.requestId, layer: 'bff', path, method: req.method, status: response.status, ms: Math.round(seconds * 1000), userId: trace.userId }, 'request');
    response.headers.set(REQUEST_ID_HEADER, trace.requestId);
    return response;
  };
}
