import type { UpstreamOptions } from '../options';
import { failureOf, type LookupOutcome } from './failure';
import { httpCredit, httpInsurance } from './http';
import { simulatedCredit, simulatedInsurance } from './simulated';
import type { Lookup, Sources } from './types';

type SourceOptions = Pick<UpstreamOptions, 'simulatedSources' | 'httpSources'>;

/**
 * The one place that picks each source's provider: the HTTP provider when its URL is configured
 * (INSURANCE_URL, CREDIT_URL), else the built-in simulated provider, switched by
 * `options.simulatedSources` (tests: the service options; demos: SIMULATED_SOURCES=insurance=fail,credit=hang).
 */
export function sourcesFor(options: SourceOptions): Sources {
  const { insurance, credit } = options.httpSources;
  return {
    insurance: insurance ? httpInsurance(insurance) : simulatedInsurance(options.simulatedSources.insurance),
    credit: credit ? httpCredit(credit) : simulatedCredit(options.simulatedSources.credit),
  };
}

/** A lookup bounded by `ms`: the answer, or why it failed (the source's own failure, or TIMEOUT). */
export async function lookupWithin<T>(lookup: Lookup<T>, idNumber: string, ms: number): Promise<LookupOutcome<T>> {
  const signal = AbortSignal.timeout(ms);
  try {
    return { ok: true, value: await lookup(idNumber, signal) };
  } catch (error) {
    return { ok: false, failure: failureOf(error, signal) };
  }
}
