import type { UpstreamOptions } from '../options';
import { simulatedCredit, simulatedInsurance } from './simulated';
import type { Sources } from './types';

/**
 * The one place that picks each source's provider. Today every source has the built-in
 * simulated provider, switched by `options.simulatedSources` (tests: the service options;
 * demos: SIMULATED_SOURCES=insurance=fail,credit=hang).
 */
export function sourcesFor(options: Pick<UpstreamOptions, 'simulatedSources'>): Sources {
  return {
    insurance: simulatedInsurance(options.simulatedSources.insurance),
    credit: simulatedCredit(options.simulatedSources.credit),
  };
}

/** A lookup bounded by `ms`: the answer, or null when the source failed or took too long. */
export async function lookupWithin<T>(lookup: (idNumber: string, signal: AbortSignal) => Promise<T>, idNumber: string, ms: number): Promise<T | null> {
  const signal = AbortSignal.timeout(ms);
  try {
    return await lookup(idNumber, signal);
  } catch {
    return null;
  }
}
