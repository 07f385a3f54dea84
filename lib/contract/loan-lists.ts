import { z } from './zod';
import { date, id, pageInput, textFilter } from './fields';
import { APPLICATION_STATUSES, BORROWER_TYPES, STAGES } from '../workflow/stages';
import { count, timestamp } from './output';

/**
 * Contracts of the lists around the loan query (SPEC.md section 7 'Applications' and
 * 'Other'): the proposers' spouses (business-proposer-mate/list) and the published
 * information of approved and loaned applications (businessIssueInfo/list).
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = textFilter;
const isoDate = date;

export const spouseListInput = pageInput.extend({
  name: optionalText(64),
  idNumber: optionalText(18),
  /** The proposer's application number. */
  number: optionalText(24),
});

export const spouseRow = z.object({
  id: count,
  applicationId: count,
  /** The application's number and proposer. */
  number: z.string(),
  proposer: z.string(),
  name: z.string(),
  /** Masked (a reveal is the detail drawer's). */
  idNumber: z.string(),
  mobile: z.string(),
  gender: z.enum(['MALE', 'FEMALE']),
  workUnit: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  stage: z.enum(STAGES).nullable(),
  createTime: timestamp,
});
export type SpouseRow = z.infer<typeof spouseRow>;

const PUBLISHED_STATUSES = ['APPROVED', 'LOANED'] as const;

export const publishListInput = pageInput.extend({
  number: optionalText(24),
  name: optionalText(64),
  bankOrgId: z.preprocess(blankToUndefined, id.optional()),
  status: z.preprocess(blankToUndefined, z.enum(PUBLISHED_STATUSES, { error: 'validation.invalid' }).optional()),
  dateFrom: z.preprocess(blankToUndefined, isoDate.optional()),
  dateTo: z.preprocess(blankToUndefined, isoDate.optional()),
});

/** One notice: who (masked like 张*明), how much, from which bank, since when. */
export const publishedRow = z.object({
  id: count,
  number: z.string(),
  name: z.string(),
  borrowerType: z.enum(BORROWER_TYPES),
  /** The loan issued, else the amount approved, in yuan. */
  amount: z.number(),
  bankOrg: z.string(),
  status: z.enum(PUBLISHED_STATUSES),
  /** When the application reached that status. */
  publishedAt: timestamp,
});
export type PublishedRow = z.infer<typeof publishedRow>;
