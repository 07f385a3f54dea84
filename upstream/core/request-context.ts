import { AsyncLocalStorage } from 'node:async_hooks';

/** What every write and log line of one call may need to know about the request it serves. */
export interface RequestContext { requestId: string; clientIp: string }

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs one call of the table with its request's context (the dispatcher does, for every call). */
export const withRequest = <T>(context: RequestContext, run: () => T): T => storage.run(context, run);

/** The context of the call being served, if any (jobs outside a call have none). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();
