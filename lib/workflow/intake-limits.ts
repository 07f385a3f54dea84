import type { BorrowerType } from './stages';

/**
 * Limits of an application at intake (lib/contract/intake.ts), without a schema library so
 * that the intake form checks the same numbers in the browser. Amounts in yuan.
 */
export const AMOUNT_LIMITS: Record<BorrowerType, number> = { PERSON: 300_000, PARTNERSHIP: 1_000_000, SMALL_COMPANY: 3_000_000 };
export const TERM_MONTHS = { min: 6, max: 36 } as const;
/** Highest yearly rate, as a fraction (0.24 = 24 %). */
export const RATE_MAX = 0.24;
