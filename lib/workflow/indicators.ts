/**
 * The indicators' catalogue (DOMAIN.md section 1): what each source can measure, the
 * comparisons a rule may use and how a rule judges an observed value. Pure, safe for the browser.
 */
export const INDICATOR_SOURCES = ['APPLICATION', 'BLACKLIST', 'HISTORY', 'INSURANCE', 'CREDIT'] as const;
export type IndicatorSource = (typeof INDICATOR_SOURCES)[number];

/** What a rule measures, by source: the proposer's age, the amount above the type's cap (yuan), ... */
export const METRICS = {
  AGE: 'APPLICATION',
  AMOUNT_OVER_CAP: 'APPLICATION',
  TERM_OVER_MAX: 'APPLICATION',
  CLIENT_GROUP_MISSING: 'APPLICATION',
  BLACKLIST_HITS: 'BLACKLIST',
  OPEN_LOANS: 'HISTORY',
  LOAN_NUMBER: 'HISTORY',
  INSURED_MONTHS: 'INSURANCE',
  CURRENT_OVERDUE: 'CREDIT',
  UNSETTLED_GUARANTEES: 'CREDIT',
  KEY_HIRE_MARGIN: 'APPLICATION',
} as const satisfies Record<string, IndicatorSource>;
export type Metric = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as Metric[];

export const OPERATORS = ['GTE', 'LTE', 'EQ', 'BETWEEN'] as const;
export type Operator = (typeof OPERATORS)[number];
export const EFFECTS = ['HARD', 'SOFT'] as const;
export type Effect = (typeof EFFECTS)[number];

/** An application's verdict on one indicator. */
export const VERDICTS = ['PASSED', 'REFUSED', 'FLAGGED', 'UNCHECKED'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Rule { operator: Operator; min: number | null; max: number | null }

/** Whether an observed value meets the rule: GTE and EQ compare with min, LTE with max, BETWEEN with both (ends included). */
export function meets(rule: Rule, value: number): boolean {
  switch (rule.operator) {
    case 'GTE': return rule.min !== null && value >= rule.min;
    case 'LTE': return rule.max !== null && value <= rule.max;
    case 'EQ': return rule.min !== null && value === rule.min;
    case 'BETWEEN': return rule.min !== null && rule.max !== null && value >= rule.min && value <= rule.max;
  }
}

/** The verdict of a rule of `effect` on a value (null: the source could not be checked). */
export function judge(rule: Rule, effect: Effect, value: number | null): Verdict {
  if (value === null) return 'UNCHECKED';
  if (meets(rule, value)) return 'PASSED';
  return effect === 'HARD' ? 'REFUSED' : 'FLAGGED';
}

/** The staffing limits a borrower type sets (DOMAIN.md section 1): share (%), the share above `staffThreshold` staff (%). */
export interface KeyHireLimits { share: number; largeShare: number; staffThreshold: number }

/**
 * The staffing rule for small companies: new hires of the key groups make at least `share`% of
 * the staff, `largeShare`% when the staff is above `staffThreshold` (the borrower type's settings).
 * KEY_HIRE_MARGIN measures how far (in percentage points, two decimals) a company's share lies
 * above the share it needs; null without a staff count or without limits.
 */
export function keyHireMargin(keyHires: number, staff: number | null, limits: KeyHireLimits | null): number | null {
  if (!staff || staff <= 0 || !limits) return null;
  const needed = staff > limits.staffThreshold ? limits.largeShare : limits.share;
  return Math.round((keyHires * 100 / staff - needed) * 100) / 100;
}
