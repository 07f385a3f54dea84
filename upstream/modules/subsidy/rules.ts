import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import type { SubsidySettings } from '../../../lib/contract/subsidy';
import { lprOn, ruleInForce } from '../../../lib/workflow/subsidy';
import { dateText } from '../workflow/rows';
import { loadRules, recomputeUnclaimed } from './terms';

type Db = Kysely<Database>;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Every rule version and the LPR's history, newest first, with those in force today marked. */
async function settings(db: Db, now: Date): Promise<SubsidySettings> {
  const today = chinaToday(now);
  const [rules, lpr, names] = await Promise.all([
    loadRules(db),
    db.selectFrom('lpr_history as h').leftJoin('app_user as u', 'u.id', 'h.created_by').select(['h.rate', 'h.created_at', 'u.nickname', dateText('h.effective_from').as('from')])
      .orderBy('h.effective_from', 'desc').execute(),
    db.selectFrom('subsidy_rule as r').leftJoin('app_user as u', 'u.id', 'r.created_by').select(['r.id', 'r.created_at', 'u.nickname']).execute(),
  ]);
  const made = new Map(names.map((n) => [n.id, n]));
  const current = lpr.find((h) => h.from! <= today)?.from;
  return {
    rules: [...rules].sort((a, b) => a.borrowerType.localeCompare(b.borrowerType) || b.effectiveFrom.localeCompare(a.effectiveFrom)).map((r) => ({
      id: r.id, borrowerType: r.borrowerType, effectiveFrom: r.effectiveFrom, kind: r.kind, offsetBp: r.offsetBp, share: Number(r.share), years: r.years,
      maxLoans: r.maxLoans, inForce: ruleInForce(rules, r.borrowerType, today)?.id === r.id, createdBy: made.get(r.id)?.nickname ?? '', createTime: iso(made.get(r.id)!.created_at),
    })),
    lpr: lpr.map((h) => ({
      effectiveFrom: h.from!, rate: Number(h.rate), inForce: h.from === current,
      createdBy: h.nickname ?? '', createTime: iso(h.created_at),
    })),
  };
}

/** Changes to the rules and the LPR, one at a time. */
const lockSettings = (trx: Db) => sql`select pg_advisory_xact_lock(hashtext('subsidy-settings'))`.execute(trx);

export const LPR_PARAM = 'loan.lpr';

/**
 * Records the LPR published from a date (replacing one recorded for that date): the loans signed
 * from then until the next recorded change take it, their periods not yet claimed are computed
 * again, and the loan.lpr parameter follows the LPR in force today.
 */
export async function recordLpr(trx: Db, from: string, fraction: number, userId: number, now: Date) {
  await lockSettings(trx);
  const rate = fraction.toFixed(4);
  await trx.insertInto('lpr_history').values({ effective_from: from, rate, created_by: userId })
    .onConflict((oc) => oc.column('effective_from').doUpdateSet({ rate, created_by: userId })).execute();
  const next = await trx.selectFrom('lpr_history').select(dateText('effective_from').as('from')).where('effective_from', '>', from)
    .orderBy('effective_from').limit(1).executeTakeFirst();
  const signed = sql<boolean>`l.issue_date >= ${from}::date${next ? sql` and l.issue_date < ${next.from}::date` : sql``}`;
  await sql`update loan_account l set lpr = ${rate} where l.borrower_type is not null and ${signed}`.execute(trx);
  await recomputeUnclaimed(trx, signed);
  const history = (await trx.selectFrom('lpr_history').select(['rate', dateText('effective_from').as('from')]).execute()).map((h) => ({ effectiveFrom: h.from!, rate: String(h.rate) }));
  const current = lprOn(history, chinaToday(now));
  if (current) await trx.updateTable('system_param').set({ value: current, updated_at: now }).where('key', '=', LPR_PARAM).execute();
}

/**
 * The subsidy's settings (DOMAIN.md section 6): a rule version applies to the periods due from its
 * effective date, which may not be in the past (what is due before keeps its rule); an LPR recorded
 * late gives the loans signed from its date on that rate. Either recomputes the subsidy of the
 * periods it changes that no claim holds yet; the loan.lpr parameter follows the LPR in force.
 */
export const subsidyRuleCalls = [
  defineCall({ path: 'subsidyRule/getList', handler: (ctx) => settings(ctx.db, ctx.now) }),
  defineCall({
    path: 'subsidyRule/add',
    async handler(ctx, input) {
      await ctx.db.transaction().execute(async (trx) => {
        await lockSettings(trx);
        if (input.effectiveFrom < chinaToday(ctx.now)) throw invalid({ effectiveFrom: 'validation.effectiveFromPast' });
        const latest = await trx.selectFrom('subsidy_rule').select((eb) => eb.fn.max('id').as('id')).where('borrower_type', '=', input.borrowerType).executeTakeFirst();
        if ((latest?.id ?? 0) !== input.seen) throw conflict('subsidy.ruleStale');
        const taken = await trx.selectFrom('subsidy_rule').select('id').where('borrower_type', '=', input.borrowerType).where('effective_from', '=', input.effectiveFrom).executeTakeFirst();
        if (taken) throw conflict('subsidy.ruleDateTaken');
        const row = await trx.insertInto('subsidy_rule').values({
          borrower_type: input.borrowerType, effective_from: input.effectiveFrom, kind: input.kind, offset_bp: input.offsetBp, share: input.share.toFixed(4),
          years: input.years, max_loans: input.maxLoans, created_by: ctx.user.id,
        }).returning('id').executeTakeFirstOrThrow();
        await recomputeUnclaimed(trx, sql`l.borrower_type = ${input.borrowerType} and p.due_date >= ${input.effectiveFrom}::date`);
        await audit(trx, ctx.user, 'subsidyRule.add', { type: 'subsidy_rule', id: row.id }, { ...input });
      });
      return settings(ctx.db, ctx.now);
    },
  }),
  defineCall({
    path: 'subsidyRule/addLpr',
    async handler(ctx, input) {
      await ctx.db.transaction().execute(async (trx) => {
        await lockSettings(trx);
        if (await trx.selectFrom('lpr_history').select('rate').where('effective_from', '=', input.effectiveFrom).executeTakeFirst()) throw conflict('subsidy.lprDateTaken');
        await recordLpr(trx, input.effectiveFrom, input.rate, ctx.user.id, ctx.now);
        await audit(trx, ctx.user, 'subsidyRule.addLpr', { type: 'lpr_history', id: input.effectiveFrom }, { rate: input.rate });
      });
      return settings(ctx.db, ctx.now);
    },
  }),
];
