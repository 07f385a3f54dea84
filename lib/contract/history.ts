import { z } from './zod';
import { date, decimal, idNumber, inDateOrder, int, line, money, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { MOBILE_PATTERN } from './rules';
import { RATE_MAX } from '../workflow/intake-limits';

/**
 * The historical-data import (sysImportHistory, DOMAIN.md section 4): loans made before the
 * platform, from an .xlsx file. Each row is one loan; the loan number names it, so importing it
 * again updates it. Organisations are named as the platform names them (resolved by name and type).
 */
export const HISTORY_MAX_ROWS = 10_000;
const LOAN_NUMBER_MAX = 24;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One row of the file, as read (enum columns and organisations still as text; the service resolves them). */
export const historyRow = z.object({
  loanNumber: requiredLine(LOAN_NUMBER_MAX, 'validation.loanNumber').pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'validation.loanNumber')),
  name: requiredLine(64, 'validation.nameRequired'),
  idNumber,
  mobile: z.string({ error: 'validation.mobileFormat' }).trim().regex(MOBILE_PATTERN, 'validation.mobileFormat'),
  borrowerType: requiredLine(32, 'validation.importBorrowerType'),
  guaranteeMethod: requiredLine(32, 'validation.importGuaranteeMethod'),
  amount: money(),
  termMonths: int(1, 360, 'validation.importTerm'),
  rate: z.preprocess(blank, decimal(0, RATE_MAX, 'validation.rate').optional()),
  loanDate: date,
  rensheOrg: requiredLine(100, 'validation.importOrgRequired'),
  guaranteeOrg: requiredLine(100, 'validation.importOrgRequired'),
  bankOrg: requiredLine(100, 'validation.importOrgRequired'),
  employmentCategory: z.preprocess(blank, line(32).optional()),
  /** 按月付息到期还本 or 等额本息 (or their codes); blank: the product's first method. */
  repaymentMethod: z.preprocess(blank, line(32).optional()),
  /** 是 (yes): every period repaid, the loan settled. */
  repaid: z.preprocess(blank, z.string().trim().toLowerCase().pipe(z.enum(['是', '否', 'yes', 'no', 'y', 'n', 'true', 'false', '1', '0'], { error: 'validation.importRepaid' })).optional()),
  /** 是 (yes): the loan's term was extended (展期): none of its periods earns the interest subsidy. */
  extended: z.preprocess(blank, z.string().trim().toLowerCase().pipe(z.enum(['是', '否', 'yes', 'no', 'y', 'n', 'true', 'false', '1', '0'], { error: 'validation.importRepaid' })).optional()),
  /** The bank's days overdue: the periods due in that many days before today are unpaid; blank: none. */
  overdueDays: z.preprocess(blank, int(1, 3650, 'validation.overdueDays').optional()),
}).superRefine((value, ctx) => {
  if (value.overdueDays !== undefined && YES.has(value.repaid ?? '')) ctx.addIssue({ code: 'custom', path: ['overdueDays'], message: 'validation.importRepaidOverdue' });
});
/** The answers of the 'repaid' column that mean yes. */
export const YES = new Set(['是', 'yes', 'y', 'true', '1']);
export type HistoryRow = z.infer<typeof historyRow>;

export const historyListInput = inDateOrder(pageInput.extend({
  fileName: textFilter(255),
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
}));

export const historyRowOut = z.object({
  id: count,
  fileName: z.string(),
  user: z.string(),
  createTime: timestamp,
  mode: z.enum(['ALL', 'CLEAN']),
  rowsRead: count,
  imported: count,
  created: count,
  updated: count,
  refused: count,
});
export type HistoryRowOut = z.infer<typeof historyRowOut>;

/** An import's answer: rows written (new and updated) and rows left out. */
export const historyResult = z.object({ rows: count, created: count, updated: count, refused: count, historyId: count });
