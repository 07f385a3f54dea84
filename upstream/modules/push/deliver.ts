import { createHmac } from 'node:crypto';
import { PUSH_HEADERS, type PushError } from '../../../lib/workflow/push';

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body under the target's secret. */
const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export interface Delivery { url: string; secret: string; body: string; idempotencyKey: string; event: string }

/** What one attempt came to: 2xx, or why not (with the HTTP code when there was an answer). */
export type Attempt =
  | { ok: true; httpCode: number; answer: string }
  | { ok: false; error: PushError; httpCode: number | null; detail: string };

const DETAIL_MAX = 300;
const clip = (text: string) => (text.length > DETAIL_MAX ? text.slice(0, DETAIL_MAX) : text);

/** A cause's message without anything that could carry the secret (only names and codes of network errors). */
function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return clip(cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
}

/**
 * One POST of a JSON body, signed, with its idempotency key, bounded by `timeoutMs` (and by
 * `stop`, when the worker stops). A receiver's 2xx is a delivery; anything else is a failed
 * attempt, told apart as timeout, network error or HTTP code.
 */
export async function post(delivery: Delivery, timeoutMs: number, stop?: AbortSignal): Promise<Attempt> {
  const signal = stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [PUSH_HEADERS.idempotencyKey]: delivery.idempotencyKey,
        [PUSH_HEADERS.signature]: signBody(delivery.secret, delivery.body),
        [PUSH_HEADERS.event]: delivery.event,
        'user-agent': 'lbo-push/1',
      },
      body: delivery.body,
    });
    const answer = clip(await response.text());
    if (response.status >= 200 && response.status < 300) return { ok: true, httpCode: response.status, answer };
    return { ok: false, error: 'HTTP', httpCode: response.status, detail: answer };
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || (name === 'AbortError' && !stop?.aborted)) return { ok: false, error: 'TIMEOUT', httpCode: null, detail: `${timeoutMs} ms` };
    if (stop?.aborted) return { ok: false, error: 'NETWORK', httpCode: null, detail: 'stopped' };
    return { ok: false, error: 'NETWORK', httpCode: null, detail: networkDetail(error) };
  }
}

/**
 * The delay before attempt `attempts + 1`: `base` doubled for every attempt made, at most
 * `max`, then a random share of it dropped ('equal jitter': between half and all of it), so
 * rows that failed together do not all come back at the same moment.
 */
export function backoff(attempts: number, base: number, max: number, random: () => number = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + random() * (full / 2));
}
