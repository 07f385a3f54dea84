/**
 * The outside sources intake checks (DOMAIN.md section 1): the social-insurance record and the
 * credit report of a person, each looked up by ID number. A provider answers or throws; the
 * caller bounds every lookup with its own timeout (lookup.ts).
 */
export interface InsuranceRecord {
  insured: boolean;
  monthsPaid: number;
  employer: string | null;
  /** YYYY-MM of the last month paid. */
  lastMonthPaid: string | null;
  /** Answered by the built-in simulated provider, not a real bureau. */
  simulated: boolean;
}

export interface CreditRecord {
  /** Loans overdue now. */
  currentOverdue: number;
  /** Guaranteed loans not yet settled. */
  unsettledGuaranteeLoans: number;
  simulated: boolean;
}

export type Lookup<T> = (idNumber: string, signal: AbortSignal) => Promise<T>;

export interface Sources {
  insurance: Lookup<InsuranceRecord>;
  credit: Lookup<CreditRecord>;
}

/** How the simulated provider of a source behaves: answer, fail at once, or never answer. */
export type SimulatedMode = 'ok' | 'fail' | 'hang';
export type SourceName = keyof Sources;
