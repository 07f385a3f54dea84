/**
 * The outside sources a case's lookups ask (DOMAIN.md section 4), without a schema library so
 * that the errors screen names them too.
 */
export const LOOKUP_SOURCES = ['INSURANCE', 'CREDIT'] as const;
export type LookupSourceName = (typeof LOOKUP_SOURCES)[number];
/** The interface each source is asked through, as the errors screen names it. */
export const LOOKUP_INTERFACES: Record<LookupSourceName, string> = { INSURANCE: 'GovernmentDataSc/insure', CREDIT: 'credit/report' };
