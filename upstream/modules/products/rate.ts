import { productRateMax } from '../../../lib/workflow/product';

/** The LPR a system parameter holds (a fraction); a missing or unreadable value counts as 0. */
export const lprOf = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

/** A product's highest rate now, from the stored LPR, margin and cap. */
export const productRate = (lpr: string | null | undefined, marginBp: number, cap: string | number) => productRateMax(lprOf(lpr), marginBp, Number(cap));
