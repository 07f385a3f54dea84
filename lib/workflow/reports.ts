/**
 * The reports' vocabulary (DOMAIN.md section 5): the application statistics and the monthly
 * report, their buttons and dimensions. Plain constants, safe for the browser and the service.
 */
export const APPLY_STATISTICS_EXPORT = 'applyStatistics::export';
export const REPORT_EXPORT = 'report::export';
/** Setting a guarantee company's quota (the report's guarantee balances). */
export const REPORT_QUOTA = 'report::companyQuota';

/** The buckets the application statistics count by. */
export const APPLY_PERIODS = ['day', 'week', 'month'] as const;
export type ApplyPeriod = (typeof APPLY_PERIODS)[number];
/** The most buckets a day or week series shows (a longer period is counted by month). */
export const APPLY_MAX_BUCKETS = { day: 92, week: 160, month: 36 } as const satisfies Record<ApplyPeriod, number>;

/** The steps of the funnel: submitted, then past renshe, past the guarantee company, approved by the bank, loaned. */
export const FUNNEL_STEPS = ['submitted', 'renshePassed', 'guaranteePassed', 'bankApproved', 'loaned'] as const;
