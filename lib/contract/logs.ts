import { z } from './zod';
import { date, inDateOrder, pageInput, textFilter } from './fields';
import { count, timestamp } from './output';

/**
 * The operation log (操作日志) and the sign-in log (登录日志) an administrator reads back
 * (MLPS level 3): searched and paged, exported, never edited or deleted. Personal numbers in
 * what changed are masked.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(blank, date.optional());

const SIGN_IN_OUTCOMES = ['SUCCESS', 'FAILURE', 'LOCKED'] as const;

const operationSearch = z.object({
  /** The actor's user name (part of it). */
  username: textFilter(64),
  /** The action, e.g. 'role.update' (part of it). */
  action: textFilter(64),
  targetType: textFilter(32),
  targetId: textFilter(64),
  dateFrom: day,
  dateTo: day,
});
export const operationLogExportInput = inDateOrder(operationSearch);
export const operationLogListInput = inDateOrder(operationSearch.extend(pageInput.shape));

export const operationLogRow = z.object({
  id: count,
  /** The actor's user name and nickname; null for the system (a job). */
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  orgName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What changed (the entry's summary as JSON text), ID numbers and mobiles masked. */
  changes: z.string(),
  clientIp: z.string().nullable(),
  createTime: timestamp,
});

const signInSearch = z.object({
  username: textFilter(64),
  outcome: z.preprocess(blank, z.enum(SIGN_IN_OUTCOMES, { error: 'validation.invalid' }).optional()),
  clientIp: textFilter(64),
  dateFrom: day,
  dateTo: day,
});
export const signInLogExportInput = inDateOrder(signInSearch);
export const signInLogListInput = inDateOrder(signInSearch.extend(pageInput.shape));

export const signInLogRow = z.object({
  id: count,
  /** The name as typed (a mobile or ID number typed as a name is masked). */
  username: z.string(),
  nickname: z.string().nullable(),
  orgName: z.string().nullable(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  clientIp: z.string(),
  createTime: timestamp,
});
