import type { SupervisionSettings } from '../options';
import { post, type Attempt } from '../modules/push/deliver';

/** What the supervision platform answered for one batch: records it took and refused, and its message. */
interface SupervisionAnswer { accepted: number; rejected: number; message: string | null; simulated: boolean }

export type SupervisionResult = (Attempt & { ok: false }) | { ok: true; httpCode: number | null; answer: SupervisionAnswer };

export interface SupervisionBatch { body: string; idempotencyKey: string; count: number }

/**
 * The provincial supervision platform (DOMAIN.md section 4) behind one adapter: the HTTP
 * provider when SUPERVISION_URL is set (a signed POST like every push; the platform answers
 * `{ accepted, rejected, message }`), else the built-in simulated platform, which takes every
 * record of a batch and says it is simulated (SUPERVISION_SIMULATED=fail or hang to try failures).
 */
export function supervisionProvider(settings: SupervisionSettings): { kind: 'http' | 'simulated'; send(batch: SupervisionBatch, stop?: AbortSignal): Promise<SupervisionResult> } {
  if (settings.url) {
    const url = settings.url;
    return {
      kind: 'http',
      async send(batch, stop) {
        const attempt = await post({ url, secret: settings.secret ?? '', body: batch.body, idempotencyKey: batch.idempotencyKey, event: 'SUPERVISION' }, settings.timeoutMs, stop);
        if (!attempt.ok) return attempt;
        const answer = parseAnswer(attempt.answer);
        if (!answer) return { ok: false, error: 'ANSWER', httpCode: attempt.httpCode, detail: attempt.answer };
        return { ok: true, httpCode: attempt.httpCode, answer };
      },
    };
  }
  return {
    kind: 'simulated',
    send(batch, stop) {
      return new Promise((resolve) => {
        if (settings.simulated === 'fail') return resolve({ ok: false, error: 'NETWORK', httpCode: null, detail: 'simulated platform failure' });
        if (settings.simulated === 'hang') {
          const signal = stop ? AbortSignal.any([AbortSignal.timeout(settings.timeoutMs), stop]) : AbortSignal.timeout(settings.timeoutMs);
          signal.addEventListener('abort', () => resolve({ ok: false, error: 'TIMEOUT', httpCode: null, detail: `${settings.timeoutMs} ms` }), { once: true });
          return;
        }
        resolve({ ok: true, httpCode: null, answer: { accepted: batch.count, rejected: 0, message: null, simulated: true } });
      });
    },
  };
}

function parseAnswer(text: string): SupervisionAnswer | null {
  try {
    const value = JSON.parse(text) as { accepted?: unknown; rejected?: unknown; message?: unknown };
    const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    if (!whole(value.accepted) || !whole(value.rejected)) return null;
    return { accepted: value.accepted as number, rejected: value.rejected as number, message: typeof value.message === 'string' ? value.message.slice(0, 300) : null, simulated: false };
  } catch {
    return null;
  }
}
