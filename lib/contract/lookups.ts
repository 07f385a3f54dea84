import { z } from './zod';
import { date, flag, id, inDateOrder, pageInput, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { applicationIdInput } from './workflow';
import { LOOKUP_SOURCES } from '../workflow/lookup-sources';

/**
 * The outside lookups (DOMAIN.md section 4): the proposer's social-insurance record
 * (GovernmentDataSc/insure) and the real-time errors of the credit-report and government-data
 * lookups (business-real-time-exception).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GovernmentDataSc/insure: the case's cached record; `refresh` reads it again (a reviewer of the case's stage). */
export const insureInput = applicationIdInput.extend({ refresh: flag });

export const insuranceInfo = z.object({
  record: z.object({
    insured: z.boolean(),
    monthsPaid: count,
    employer: z.string().nullable(),
    /** YYYY-MM. */
    lastMonthPaid: z.string().nullable(),
    /** Answered by the built-in simulated provider, not the bureau. */
    simulated: z.boolean(),
    readAt: timestamp,
  }).nullable(),
  /** The last lookup failed (the cached record, if any, is older). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The caller may read it again (a reviewer of the case's current stage). */
  canRefresh: z.boolean(),
});
export type InsuranceInfo = z.infer<typeof insuranceInfo>;

export const lookupErrorListInput = inDateOrder(pageInput.extend({
  number: textFilter(24),
  name: textFilter(64),
  source: z.preprocess(blank, z.enum(LOOKUP_SOURCES, { error: 'validation.invalid' }).optional()),
  resolved: flag,
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
}));

export const lookupErrorRow = z.object({
  id: count,
  createTime: timestamp,
  updateTime: timestamp,
  applicationId: count,
  number: z.string(),
  /** Masked name and ID number of the person looked up (the proposer). */
  name: z.string(),
  idNumber: z.string(),
  source: z.enum(LOOKUP_SOURCES),
  interface: z.string(),
  code: z.string(),
  /** In the caller's language. */
  message: z.string(),
  retries: count,
  resolved: z.boolean(),
  resolvedAt: timestamp.nullable(),
  resolvedBy: z.string().nullable(),
  version: count,
});
export type LookupErrorRow = z.infer<typeof lookupErrorRow>;

export const lookupRetryInput = z.object({ id, version });
