import { randomUUID } from 'node:crypto';

/** The header that carries a request's id from the load balancer or browser through the BFF to the service, and back. */
export const REQUEST_ID_HEADER = 'x-request-id';

const ACCEPTED = /^[\w.:-]{8,128}$/;

/** The caller's request id when it is a plain token (a load balancer's), else a new one. */
export function requestIdOf(header: string | null | undefined): string {
  return header && ACCEPTED.test(header) ? header : randomUUID();
}
