/**
 * The rules of a loan product, shared by the service (intake) and the forms. Plain functions,
 * safe for the browser.
 */
export const PRODUCT_TERMS = [6, 12, 18, 24, 36] as const;

/** The highest yearly rate of a product: the LPR plus its margin (basis points), at most its cap; four decimals. */
export function productRateMax(lpr: number, marginBp: number, cap: number): number {
  return Math.round(Math.min(lpr + marginBp / 10_000, cap) * 10_000) / 10_000;
}
