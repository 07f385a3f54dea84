import type { BorrowerType } from './stages';

/**
 * A borrower type's limits as its settings hold them (business-client-group/typeOfBorrowerList):
 * amounts in yuan with at most two decimals, the uplift in percent.
 */
export interface TypeLimits {
  borrowerType: BorrowerType;
  /** Per borrower; per partner for a partnership. */
  capAmount: number;
  /** A partnership's ceiling in all (null: none). */
  totalCapAmount: number | null;
  /** A partnership's uplift on its partners' caps (%, null: none). */
  partnerUplift: number | null;
  maxTermMonths: number;
}

/** Yuan with at most two decimals as whole fen, exactly. */
export const toFen = (yuan: number | string) => Math.round(Number(yuan) * 100);

/**
 * The most a borrower of the type may borrow, in fen (DOMAIN.md section 1): the type's cap; for a
 * partnership its partners' caps plus the uplift, never above the ceiling.
 */
export function capFen(limits: TypeLimits, partners: number): number {
  const cap = toFen(limits.capAmount);
  if (limits.borrowerType !== 'PARTNERSHIP') return cap;
  const upliftBp = toFen(limits.partnerUplift ?? 0);
  const total = Math.floor((cap * partners * (10_000 + upliftBp)) / 10_000);
  return limits.totalCapAmount === null ? total : Math.min(total, toFen(limits.totalCapAmount));
}

/** How far an amount lies above the type's cap, in yuan (negative or zero: within it). */
export const amountOverCap = (limits: TypeLimits, partners: number, amount: number) => (toFen(amount) - capFen(limits, partners)) / 100;

/** The most partners an application names (lib/contract/intake.ts). */
export const PARTNERS_MAX = 20;

/** The highest cap the type can reach at all, in yuan: the bound of its products' amounts. */
export const highestCap = (limits: TypeLimits) => capFen(limits, PARTNERS_MAX) / 100;
