import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { LookupFailure } from './failure';
import type { CreditRecord, InsuranceRecord, Lookup } from './types';

/** Where a source's HTTP provider is and how it is signed: INSURANCE_URL / INSURANCE_SECRET / INSURANCE_TIMEOUT_MS, same for CREDIT_. */
export interface HttpSource { url: string; secret: string; timeoutMs?: number }

/**
 * The HTTP provider of a source: POST `{"idNumber": ...}` as JSON to the configured URL with
 * `X-Timestamp` (Unix seconds) and `X-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>"
 * keyed by the secret>`; the answer is JSON checked against the record's shape. A non-2xx
 * answer, an unreachable host, a hang past the timeout or a malformed answer is a LookupFailure.
 */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const insuranceAnswer = z.object({
  insured: z.boolean(),
  monthsPaid: z.number().int().min(0).max(1200),
  employer: z.string().max(200).nullable(),
  lastMonthPaid: z.string().regex(/^\d{4}-\d{2}$/).nullable(),
});
const creditAnswer = z.object({
  currentOverdue: z.number().int().min(0).max(10_000),
  unsettledGuaranteeLoans: z.number().int().min(0).max(10_000),
});

function httpLookup<T>(source: HttpSource, schema: z.ZodType<Omit<T, 'simulated'>>): Lookup<T> {
  return async (idNumber, signal) => {
    const body = JSON.stringify({ idNumber });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signals = source.timeoutMs ? AbortSignal.any([signal, AbortSignal.timeout(source.timeoutMs)]) : signal;
    let response: Response;
    try {
      response = await fetch(source.url, {
        method: 'POST', body, signal: signals,
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature(source.secret, timestamp, body) },
      });
    } catch {
      throw signals.aborted ? new LookupFailure('TIMEOUT', 'lookup.timeout') : new LookupFailure('UNREACHABLE', 'lookup.unreachable');
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new LookupFailure(`HTTP_${response.status}`, 'lookup.http', { status: response.status });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw signals.aborted ? new LookupFailure('TIMEOUT', 'lookup.timeout') : new LookupFailure('BAD_ANSWER', 'lookup.badAnswer');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new LookupFailure('BAD_ANSWER', 'lookup.badAnswer');
    return { ...parsed.data, simulated: false } as T;
  };
}

export const httpInsurance = (source: HttpSource): Lookup<InsuranceRecord> => httpLookup<InsuranceRecord>(source, insuranceAnswer);
export const httpCredit = (source: HttpSource): Lookup<CreditRecord> => httpLookup<CreditRecord>(source, creditAnswer);
