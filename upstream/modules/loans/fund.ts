import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RowKind } from '../../core/row-access';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { chinaToday } from '../../core/china-time';
import { AppError, conflict, forbidden, invalid, notFound } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import { GUARANTEED_STATES } from '../../../lib/workflow/loan-states';
import { STAGE_INFO, type Stage } from '../../../lib/workflow/stages';
import type { FundOverview } from '../../../lib/contract/loans';
import { caseScope } from '../workflow/scope';
import { dateText } from '../workflow/rows';
import { loanSettings, toFen, yuanOf } from './store';

type Db = Kysely<Database>;
type Ctx = CallContext<AuthUser>;
const money = (fen: number | bigint) => (Number(fen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The guarantee companies whose funds a caller watches: every one for the operator, its own for
 * a guarantee company, and for a bank or a renshe bureau the companies guaranteeing its cases.
 */
async function fundScope(db: Db, user: AuthUser): Promise<number[] | null> {
  const scope = await caseScope(db, user);
  if (scope === null) return null;
  if (scope.length === 0) return [];
  const own = await db.selectFrom('organization').select('id').where('id', 'in', scope).where('type', '=', 'GUARANTEE').execute();
  if (own.length) return own.map((o) => o.id);
  const related = await db.selectFrom('application').select('guarantee_org_id').distinct()
    .where((eb) => eb.or([eb('bank_org_id', 'in', scope), eb('renshe_org_id', 'in', scope)])).execute();
  return related.map((r) => r.guarantee_org_id);
}

/** Sum of a fen column as a number, on both databases. */
const fenSum = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::bigint`;
const inList = <T>(scope: T[] | null) => scope === null || scope.length > 0;

/** The first day of the last twelve months (China day). */
const yearAgo = (now: Date) => {
  const [y, m, d] = chinaToday(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10);
};

interface Rates { guaranteed: number; compensated: number; guaranteed12: number; compensated12: number }

/**
 * Compensation rates grouped by the account's bank or guarantee company: principal guaranteed
 * and principal compensated (confirmed), all time and over the last twelve months (the loans in
 * force at some time in the window; the compensations paid in it), in whole fen.
 */
async function ratesBy(db: Db, column: 'bank_org_id' | 'guarantee_org_id', ids: number[] | null, now: Date): Promise<Map<number, Rates>> {
  const out = new Map<number, Rates>();
  if (!inList(ids)) return out;
  const start = yearAgo(now);
  const today = chinaToday(now);
  let loans = db.selectFrom('loan_account as l').select([`l.${column} as org`, fenSum('l.principal').as('guaranteed')])
    .select(sql<string>`coalesce(sum(case when l.issue_date <= ${today}::date and (l.settled_on is null or l.settled_on >= ${start}::date)
      and (l.compensated_on is null or l.compensated_on >= ${start}::date) then l.principal else 0 end), 0)::bigint`.as('guaranteed12'))
    .groupBy(`l.${column}`);
  let paid = db.selectFrom('loan_compensation as c').innerJoin('loan_account as l', 'l.application_id', 'c.application_id')
    .select([`l.${column} as org`, fenSum('c.principal').as('compensated')])
    .select(sql<string>`coalesce(sum(case when c.paid_on >= ${start}::date then c.principal else 0 end), 0)::bigint`.as('compensated12'))
    .where('c.state', '=', 'CONFIRMED').groupBy(`l.${column}`);
  if (ids !== null) {
    loans = loans.where(`l.${column}`, 'in', ids);
    paid = paid.where(`l.${column}`, 'in', ids);
  }
  const [a, b] = await Promise.all([loans.execute(), paid.execute()]);
  const get = (org: number) => out.get(org) ?? out.set(org, { guaranteed: 0, compensated: 0, guaranteed12: 0, compensated12: 0 }).get(org)!;
  for (const r of a) Object.assign(get(Number(r.org)), { guaranteed: Number(r.guaranteed), guaranteed12: Number(r.guaranteed12) });
  for (const r of b) Object.assign(get(Number(r.org)), { compensated: Number(r.compensated), compensated12: Number(r.compensated12) });
  return out;
}

const rateOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
/** Over the threshold (a percent): compared in whole numbers, the 12 months' rate (what is happening now) decides. */
const over = (r: Rates, thresholdPercent: number) => r.guaranteed12 > 0 && BigInt(r.compensated12) * 10_000n > BigInt(Math.round(thresholdPercent * 100)) * BigInt(r.guaranteed12);

/** Each company's fund balance and guarantee balance (outstanding of its live, uncompensated loans), in whole fen. */
async function fundFigures(db: Db, orgIds: number[] | null) {
  let entries = db.selectFrom('guarantee_fund_entry as e').select(['e.org_id as org', 'e.kind', fenSum('e.amount').as('amount'), sql<string>`count(*)`.as('n')])
    .groupBy(['e.org_id', 'e.kind']);
  let held = db.selectFrom('loan_account as l').select(['l.guarantee_org_id as org', fenSum('l.outstanding').as('outstanding')])
    .where('l.state', 'in', [...GUARANTEED_STATES]).groupBy('l.guarantee_org_id');
  if (orgIds !== null) {
    entries = entries.where('e.org_id', 'in', orgIds);
    held = held.where('l.guarantee_org_id', 'in', orgIds);
  }
  const [e, h] = inList(orgIds) ? await Promise.all([entries.execute(), held.execute()]) : [[], []];
  const figures = new Map<number, { contributions: number; compensations: number; recoveries: number; balance: number; entries: number; guaranteeBalance: number }>();
  const get = (org: number) => figures.get(org) ?? figures.set(org, { contributions: 0, compensations: 0, recoveries: 0, balance: 0, entries: 0, guaranteeBalance: 0 }).get(org)!;
  for (const r of e) {
    const f = get(Number(r.org));
    const amount = Number(r.amount);
    if (r.kind === 'CONTRIBUTION') f.contributions += amount;
    if (r.kind === 'COMPENSATION') f.compensations += -amount;
    if (r.kind === 'RECOVERY') f.recoveries += amount;
    f.balance += amount;
    f.entries += Number(r.n);
  }
  for (const r of h) get(Number(r.org)).guaranteeBalance = Number(r.outstanding);
  return figures;
}

/** The banks whose rates a caller sees: every bank for the operator, else the banks of the loans in its scope. */
async function bankScope(db: Db, user: AuthUser, funds: number[] | null): Promise<number[] | null> {
  const scope = await caseScope(db, user);
  if (scope === null) return null;
  const rows = await db.selectFrom('application').select('bank_org_id').distinct().where((eb) => eb.or([
    ...(scope.length ? [eb('bank_org_id', 'in', scope), eb('renshe_org_id', 'in', scope)] : []),
    ...(funds?.length ? [eb('guarantee_org_id', 'in', funds)] : []),
    eb.val(false),
  ])).execute();
  return rows.map((r) => r.bank_org_id);
}

async function overview(ctx: Ctx): Promise<FundOverview> {
  const settings = await loanSettings(ctx.db);
  const orgIds = await fundScope(ctx.db, ctx.user);
  let companies = ctx.db.selectFrom('organization').select(['id', 'name']).where('type', '=', 'GUARANTEE').orderBy('id');
  if (orgIds !== null) companies = companies.where('id', 'in', orgIds.length ? orgIds : [-1]);
  const banksIn = await bankScope(ctx.db, ctx.user, orgIds);
  let banks = ctx.db.selectFrom('organization').select(['id', 'name']).where('type', '=', 'BANK').orderBy('id');
  if (banksIn !== null) banks = banks.where('id', 'in', banksIn.length ? banksIn : [-1]);
  const [companyRows, bankRows, figures, companyRates, bankRates] = await Promise.all([
    companies.execute(), banks.execute(), fundFigures(ctx.db, orgIds), ratesBy(ctx.db, 'guarantee_org_id', orgIds, ctx.now), ratesBy(ctx.db, 'bank_org_id', banksIn, ctx.now),
  ]);
  const none: Rates = { guaranteed: 0, compensated: 0, guaranteed12: 0, compensated12: 0 };
  return {
    funds: companyRows.map((c) => {
      const f = figures.get(c.id) ?? { contributions: 0, compensations: 0, recoveries: 0, balance: 0, entries: 0, guaranteeBalance: 0 };
      const r = companyRates.get(c.id) ?? none;
      return {
        orgId: c.id, org: c.name, contributions: yuanOf(f.contributions), compensations: yuanOf(f.compensations), recoveries: yuanOf(f.recoveries),
        balance: yuanOf(f.balance), guaranteeBalance: yuanOf(f.guaranteeBalance),
        leverage: f.balance > 0 ? Math.round((f.guaranteeBalance / f.balance) * 100) / 100 : null, leverageMax: settings.leverageMax,
        guaranteed: yuanOf(r.guaranteed), compensatedPrincipal: yuanOf(r.compensated),
        compensationRate: rateOf(r.compensated, r.guaranteed), compensationRate12m: rateOf(r.compensated12, r.guaranteed12),
        overThreshold: over(r, settings.compensationRateMax),
      };
    }),
    banks: bankRows.map((b) => {
      const r = bankRates.get(b.id) ?? none;
      return {
        orgId: b.id, org: b.name, guaranteed: yuanOf(r.guaranteed), compensatedPrincipal: yuanOf(r.compensated),
        compensationRate: rateOf(r.compensated, r.guaranteed), compensationRate12m: rateOf(r.compensated12, r.guaranteed12), overThreshold: over(r, settings.compensationRateMax),
      };
    }),
    threshold: settings.compensationRateMax,
    action: settings.compensationRateAction,
  };
}

const entryRows = (db: Db) => db.selectFrom('guarantee_fund_entry as e')
  .leftJoin('application as a', 'a.id', 'e.application_id').leftJoin('app_user as u', 'u.id', 'e.recorded_by')
  .select(['e.id', 'e.org_id', 'e.kind', 'e.amount', 'e.source', 'e.client_key', 'e.created_at', 'a.number', 'u.nickname', dateText('e.day').as('day')]);
type EntryRecord = Awaited<ReturnType<ReturnType<typeof entryRows>['executeTakeFirstOrThrow']>>;
const toEntry = (r: EntryRecord) => ({
  id: r.id, kind: r.kind, day: r.day!, amount: yuanOf(r.amount), source: r.source, loanNumber: r.number ?? null, recordedBy: r.nickname ?? '',
  createTime: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
});

/** A company whose fund the caller watches (another one is 'not found'). */
async function requireFund(db: Db, user: AuthUser, orgId: number) {
  const scope = await fundScope(db, user);
  const org = await db.selectFrom('organization').select('id').where('id', '=', orgId).where('type', '=', 'GUARANTEE').executeTakeFirst();
  if (!org || (scope !== null && !scope.includes(orgId))) throw notFound('fund');
}

/**
 * A guarantee fund named by a call's input (row kind 'fund', by the company's id): one the caller
 * watches, else 404; with `org`, changed only by the company's own people or the administrator,
 * else 403.
 */
export const fundRowAccess: RowKind = async (ctx, id, rule) => {
  await requireFund(ctx.db, ctx.user, id);
  if (rule.org && ctx.user.type !== 0 && !((await caseScope(ctx.db, ctx.user)) ?? []).includes(id)) throw forbidden();
};

export const fundCalls = [
  defineCall({ path: 'guaranteeFund/getList', handler: (ctx) => overview(ctx) }),
  defineCall({
    path: 'guaranteeFund/entries',
    async handler(ctx, input) {
      const [rows, total] = await Promise.all([
        entryRows(ctx.db).where('e.org_id', '=', input.orgId).orderBy('e.day', 'desc').orderBy('e.id', 'desc')
          .limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
        ctx.db.selectFrom('guarantee_fund_entry').select(sql<string>`count(*)`.as('n')).where('org_id', '=', input.orgId).executeTakeFirstOrThrow(),
      ]);
      const n = Number(total.n);
      return { list: rows.map(toEntry), total: n, totalPage: Math.ceil(n / input.pageSize) };
    },
  }),
  defineCall({
    path: 'guaranteeFund/contribute',
    /** A contribution into a company's fund, by its own people or the administrator; the same key answers the first entry. */
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`fund-key:${input.key}`}))`.execute(trx);
        const used = await entryRows(trx).where('e.client_key', '=', input.key).executeTakeFirst();
        if (used) {
          if (used.org_id !== input.orgId || used.kind !== 'CONTRIBUTION' || Number(used.amount) !== toFen(input.amount)) throw conflict('fund.keyUsed');
          return toEntry(used);
        }
        if (input.day > chinaToday(ctx.now)) throw invalid({ day: 'validation.date' });
        const amount = toFen(input.amount);
        const row = await trx.insertInto('guarantee_fund_entry').values({
          org_id: input.orgId, kind: 'CONTRIBUTION', day: input.day, amount, source: input.source, application_id: null, recorded_by: ctx.user.id, client_key: input.key,
        }).returning('id').executeTakeFirstOrThrow();
        await audit(trx, ctx.user, 'fund.contribute', { type: 'guarantee_fund', id: input.orgId }, { after: { entryId: row.id, day: input.day, amount, source: input.source } });
        return toEntry(await entryRows(trx).where('e.id', '=', row.id).executeTakeFirstOrThrow());
      });
    },
  }),
];

const GUARANTEE_STAGES = new Set<Stage>((Object.keys(STAGE_INFO) as Stage[]).filter((s) => STAGE_INFO[s].orgType === 'GUARANTEE'));

/**
 * The leverage maximum at the guarantee stage: an approval that takes a case past the guarantee
 * company's last stage commits its guarantee, refused (409, naming the figures) when the company's
 * guarantee balance with this loan would pass the configured multiple of its fund. A company
 * whose fund was never opened (no entry at all) is not held to it.
 */
export async function guardLeverage(trx: Db, app: { guarantee_org_id: number; amount: number | string; stage: Stage | null }, stageAfter: Stage | null) {
  if (app.stage === null || !GUARANTEE_STAGES.has(app.stage) || (stageAfter !== null && GUARANTEE_STAGES.has(stageAfter))) return;
  // The company's fund is read under its lock: two approvals at once are counted one after the other.
  await sql`select pg_advisory_xact_lock(hashtext(${`fund-org:${app.guarantee_org_id}`}))`.execute(trx);
  const figures = (await fundFigures(trx, [app.guarantee_org_id])).get(app.guarantee_org_id);
  if (!figures || figures.entries === 0) return;
  const settings = await loanSettings(trx);
  const amount = toFen(Number(app.amount));
  const after = BigInt(figures.guaranteeBalance + amount);
  if (figures.balance > 0 && after * 100n <= BigInt(Math.round(settings.leverageMax * 100)) * BigInt(figures.balance)) return;
  const org = await trx.selectFrom('organization').select('name').where('id', '=', app.guarantee_org_id).executeTakeFirstOrThrow();
  const leverage = figures.balance > 0 ? (Number(after) / figures.balance).toFixed(2) : '∞';
  throw new AppError(CODES.conflict, 'fund.leverage', {
    org: org.name, guaranteeBalance: money(figures.guaranteeBalance), amount: money(amount), balance: money(figures.balance), leverage, max: String(settings.leverageMax),
  });
}

/**
 * A bank's compensation rate (last 12 months) over the threshold: its new applications are
 * stopped at intake (409 naming the rate), or carry the red flag (the case's check outcome
 * FLAGGED with a BANK_COMPENSATION_RATE verdict). Answers the verdict to record, if any.
 */
export const BANK_RATE_CHECK = 'BANK_COMPENSATION_RATE';
export async function bankRateCheck(trx: Db, bankOrgId: number, now: Date): Promise<{ observed: number; detail: Record<string, unknown> } | null> {
  const settings = await loanSettings(trx);
  const r = (await ratesBy(trx, 'bank_org_id', [bankOrgId], now)).get(bankOrgId);
  if (!r || !over(r, settings.compensationRateMax)) return null;
  const percent = Math.round(rateOf(r.compensated12, r.guaranteed12) * 10_000) / 100;
  if (settings.compensationRateAction === 'STOP') {
    const bank = await trx.selectFrom('organization').select('name').where('id', '=', bankOrgId).executeTakeFirstOrThrow();
    throw conflict('fund.bankStopped', { bank: bank.name, rate: percent.toFixed(2), max: String(settings.compensationRateMax) });
  }
  return { observed: percent, detail: { bankOrgId, rate: percent, threshold: settings.compensationRateMax } };
}
