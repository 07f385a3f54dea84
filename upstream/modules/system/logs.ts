import type { SelectQueryBuilder } from 'kysely';
import { defineCall, type AuthUser, type CallContext, type InputOf } from '../../core/call';
import type { Database } from '../../db/schema';
import { containsPattern } from '../../core/like';
import { chinaDayEnd, chinaDayStart } from '../../core/china-time';
import { COUNT_CAP, pageWindow, totalsOf } from '../../core/resource/list';
import { ensureExportable, xlsxFile } from '../../core/export';
import { chinaDateCell } from '../../core/xlsx';
import { caseScope } from '../workflow/scope';
import { countUpTo } from '../workflow/list';
import { maskIdNumber, maskMobile } from '../../../lib/workflow/id-number';

/**
 * The operation log (操作日志) and the sign-in log (登录日志): read only. An administrator
 * (or the operator's staff) reads every entry; anyone else given the page, the entries of their
 * organisation subtree. ID numbers and mobiles in what changed, or typed as a name, are masked.
 */
type Ctx = CallContext<AuthUser>;
// biome-ignore lint/suspicious/noExplicitAny: a query over the log tables with their joins
type Query = SelectQueryBuilder<Database & Record<string, any>, any, object>;

/** Whole ID numbers and mobiles in a text, masked (a JSON text's digits stand between quotes). */
const maskPersonal = (text: string) =>
  text.replace(/(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g, maskIdNumber).replace(/(?<!\d)1\d{10}(?!\d)/g, maskMobile);

async function scoped(ctx: Ctx, query: Query, column: string): Promise<Query> {
  const scope = await caseScope(ctx.db, ctx.user);
  if (scope === null) return query;
  return query.where(column, 'in', scope.length ? scope : [-1]);
}

const period = (query: Query, input: { dateFrom?: string; dateTo?: string }) => query
  .$if(input.dateFrom !== undefined, (q) => q.where('l.created_at', '>=', chinaDayStart(input.dateFrom!)))
  .$if(input.dateTo !== undefined, (q) => q.where('l.created_at', '<', chinaDayEnd(input.dateTo!)));

async function operations(ctx: Ctx, input: InputOf<'operationLog/export'>): Promise<Query> {
  let query = ctx.db.selectFrom('audit_log as l').leftJoin('app_user as u', 'u.id', 'l.actor_id').leftJoin('organization as o', 'o.id', 'l.org_id') as unknown as Query;
  if (input.username) query = query.where('u.username', 'like', containsPattern(input.username));
  if (input.action) query = query.where('l.action', 'like', containsPattern(input.action));
  if (input.targetType) query = query.where('l.target_type', '=', input.targetType);
  if (input.targetId) query = query.where('l.target_id', '=', input.targetId);
  return scoped(ctx, period(query, input), 'l.org_id');
}

const operationRows = (query: Query) => query
  .select(['l.id', 'u.username', 'u.nickname', 'o.name as org_name', 'l.action', 'l.target_type', 'l.target_id', 'l.summary', 'l.client_ip', 'l.created_at'])
  .orderBy('l.id', 'desc');

// biome-ignore lint/suspicious/noExplicitAny: a row of operationRows
const toOperation = (r: any) => ({
  id: r.id as number, username: r.username as string | null, nickname: r.nickname as string | null, orgName: r.org_name as string | null,
  action: r.action as string, targetType: r.target_type as string, targetId: r.target_id as string | null,
  changes: maskPersonal(typeof r.summary === 'string' ? r.summary : JSON.stringify(r.summary ?? {})), clientIp: r.client_ip as string | null,
  createTime: new Date(r.created_at).toISOString(),
});

async function signIns(ctx: Ctx, input: InputOf<'loginLog/export'>): Promise<Query> {
  let query = ctx.db.selectFrom('sign_in_log as l').leftJoin('app_user as u', 'u.id', 'l.user_id').leftJoin('organization as o', 'o.id', 'l.org_id') as unknown as Query;
  if (input.username) query = query.where('l.username', 'like', containsPattern(input.username));
  if (input.outcome) query = query.where('l.outcome', '=', input.outcome);
  if (input.clientIp) query = query.where('l.client_ip', 'like', containsPattern(input.clientIp));
  return scoped(ctx, period(query, input), 'l.org_id');
}

const signInRows = (query: Query) => query
  .select(['l.id', 'l.username', 'u.nickname', 'o.name as org_name', 'l.outcome', 'l.client_ip', 'l.created_at']).orderBy('l.id', 'desc');

// biome-ignore lint/suspicious/noExplicitAny: a row of signInRows
const toSignIn = (r: any) => ({
  id: r.id as number, username: maskPersonal(r.username as string), nickname: r.nickname as string | null, orgName: r.org_name as string | null,
  outcome: r.outcome as 'SUCCESS' | 'FAILURE' | 'LOCKED', clientIp: r.client_ip as string, createTime: new Date(r.created_at).toISOString(),
});

async function pageOfLog<R>(ctx: Ctx, query: Query, rows: (q: Query) => Query, toRow: (r: unknown) => R, input: { pageNum: number; pageSize: number }) {
  const { limit, offset } = pageWindow(input);
  const [counted, found] = await Promise.all([countUpTo(ctx.db, query, COUNT_CAP), rows(query).limit(limit).offset(offset).execute()]);
  return { list: found.map(toRow), ...totalsOf(counted, input.pageSize) };
}

async function exportRows(ctx: Ctx, query: Query, rows: (q: Query) => Query) {
  ensureExportable(await countUpTo(ctx.db, query, ctx.options.exportMaxRows), ctx.options.exportMaxRows);
  return rows(query).execute();
}

const OPERATION_HEADERS = [
  'resources.operationLog.time', 'resources.operationLog.username', 'resources.operationLog.nickname', 'resources.operationLog.org', 'resources.operationLog.action',
  'resources.operationLog.targetType', 'resources.operationLog.targetId', 'resources.operationLog.changes', 'resources.operationLog.clientIp',
];
const SIGN_IN_HEADERS = [
  'resources.signInLog.time', 'resources.signInLog.username', 'resources.signInLog.nickname', 'resources.signInLog.org', 'resources.signInLog.outcome', 'resources.signInLog.clientIp',
];
const OUTCOME_TEXTS = { SUCCESS: 'resources.signInLog.outcomes.SUCCESS', FAILURE: 'resources.signInLog.outcomes.FAILURE', LOCKED: 'resources.signInLog.outcomes.LOCKED' } as const;

export const logCalls = [
  defineCall({ path: 'operationLog/list', handler: async (ctx, input) => pageOfLog(ctx, await operations(ctx, input), operationRows, toOperation, input) }),
  defineCall({
    path: 'operationLog/export',
    async handler(ctx, input) {
      const rows = (await exportRows(ctx, await operations(ctx, input), operationRows)).map(toOperation);
      const title = ctx.t('resources.operationLog.title');
      return xlsxFile(title, ctx.now, [{
        name: title,
        header: OPERATION_HEADERS.map((key) => ctx.t(key)),
        rows: rows.map((r) => [chinaDateCell(r.createTime), r.username, r.nickname, r.orgName, r.action, r.targetType, r.targetId, r.changes, r.clientIp]),
      }]);
    },
  }),
  defineCall({ path: 'loginLog/list', handler: async (ctx, input) => pageOfLog(ctx, await signIns(ctx, input), signInRows, toSignIn, input) }),
  defineCall({
    path: 'loginLog/export',
    async handler(ctx, input) {
      const rows = (await exportRows(ctx, await signIns(ctx, input), signInRows)).map(toSignIn);
      const title = ctx.t('resources.signInLog.title');
      return xlsxFile(title, ctx.now, [{
        name: title,
        header: SIGN_IN_HEADERS.map((key) => ctx.t(key)),
        rows: rows.map((r) => [chinaDateCell(r.createTime), r.username, r.nickname, r.orgName, ctx.t(OUTCOME_TEXTS[r.outcome]), r.clientIp]),
      }]);
    },
  }),
];
