/**
 * The bound of a yearly rate at intake (lib/contract/intake.ts), without a schema library so that
 * the intake form checks the same number in the browser. Caps and terms are the borrower types'
 * settings (lib/workflow/caps.ts), never constants.
 */
/** Highest yearly rate, as a fraction (0.24 = 24 %). */
export const RATE_MAX = 0.24;
