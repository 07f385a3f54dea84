import { z } from './zod';
import { id, pageInput } from './common';
import type { ApplicationStatus, BorrowerType, Stage } from '../workflow/stages';

/**
 * Contracts of the lists around the loan query (SPEC.md section 7 'Applications' and
 * 'Other'): the proposers' spouses (business-proposer-mate/list) and the published
 * information of approved and loaned applications (businessIssueInfo/list).
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, 'validation.tooLong').optional());
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const spouseListInput = pageInput.extend({
  name: optionalText(64),
  idNumber: optionalText(18),
  /** The proposer's application number. */
  number: optionalText(24),
});
export type SpouseListInput = z.input<typeof spouseListInput>;

export interface SpouseRow {
  id: number;
  applicationId: number;
  /** The application's number and proposer. */
  number: string;
  proposer: string;
  name: string;
  /** Masked (a reveal is the detail drawer's). */
  idNumber: string;
  mobile: string;
  gender: 'MALE' | 'FEMALE';
  workUnit: string;
  status: ApplicationStatus;
  stage: Stage | null;
  createTime: string;
}

export const PUBLISHED_STATUSES = ['APPROVED', 'LOANED'] as const;

export const publishListInput = pageInput.extend({
  number: optionalText(24),
  name: optionalText(64),
  bankOrgId: z.preprocess(blankToUndefined, id.optional()),
  status: z.preprocess(blankToUndefined, z.enum(PUBLISHED_STATUSES, { error: 'validation.invalid' }).optional()),
  dateFrom: z.preprocess(blankToUndefined, isoDate.optional()),
  dateTo: z.preprocess(blankToUndefined, isoDate.optional()),
});
export type PublishListInput = z.input<typeof publishListInput>;

/** One notice: who (masked like 张*明), how much, from which bank, since when. */
export interface PublishedRow {
  id: number;
  number: string;
  name: string;
  borrowerType: BorrowerType;
  /** The loan issued, else the amount approved, in yuan. */
  amount: number;
  bankOrg: string;
  status: (typeof PUBLISHED_STATUSES)[number];
  /** When the application reached that status. */
  publishedAt: string;
}
