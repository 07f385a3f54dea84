import type { Kysely } from 'kysely';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import type { Database } from '../../db/schema';
import type { RedFlags } from '../../../lib/contract/indicators';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { visibleApplication } from '../workflow/detail';
import type { IssuedIndicator } from '../../db/schema';
import { lookOutside, outcomeOf, runChecks, saveChecks, sourcesAsked, type Outside } from './checks';
import { recordLookups } from '../lookups/record';
import { translator } from '../../core/i18n';
import { BANK_RATE_CHECK } from '../loans/fund';

type Db = Kysely<Database>;
type App = Awaited<ReturnType<typeof visibleApplication>>;

const peopleOf = async (db: Db, id: number) =>
  (await db.selectFrom('application_person').select('id_number').where('application_id', '=', id).execute()).map((p) => p.id_number);
/** How many people of a role the case names (employees: only those hired from the key groups). */
const countOf = async (db: Db, id: number, role: 'EMPLOYEE' | 'PARTNER') => Number((await db.selectFrom('application_person').select((eb) => eb.fn.countAll<number>().as('n'))
  .where('application_id', '=', id).where('role', '=', role).$if(role === 'EMPLOYEE', (q) => q.where('key_group', '=', true)).executeTakeFirstOrThrow()).n);

/** The case's red flags: each issued indicator's verdict and value, and blacklist entries added since intake. */
async function redFlagsOf(db: Db, ctx: Pick<CallContext, 'locale'>, app: App): Promise<RedFlags> {
  const [issue, checks, people] = await Promise.all([
    app.indicator_issue_id ? db.selectFrom('indicator_issue').select(['number', 'items']).where('id', '=', app.indicator_issue_id).executeTakeFirst() : undefined,
    db.selectFrom('application_check').selectAll().where('application_id', '=', app.id).execute(),
    peopleOf(db, app.id),
  ]);
  const hits = await db.selectFrom('blacklist').select(['name', 'id_number', 'reason', 'created_at'])
    .where('id_number', 'in', [app.id_number, ...people]).where('relieved_at', 'is', null).where('created_at', '>', app.created_at)
    .orderBy('created_at').execute();
  const byCode = new Map(checks.map((c) => [c.code, c]));
  const items = (issue?.items ?? []).flatMap((item) => {
    const check = byCode.get(item.code);
    if (!check) return [];
    return [{
      code: item.code, name: ctx.locale === 'en' ? item.name_en : item.name_zh, source: item.source, effect: item.effect, verdict: check.verdict,
      observed: check.observed === null ? null : Number(check.observed), simulated: check.detail?.simulated === true, checkedAt: new Date(check.checked_at).toISOString(),
    }];
  });
  // The bank's compensation rate over the post-loan threshold at intake (not an indicator of the issue: a setting's red flag).
  const bankRate = byCode.get(BANK_RATE_CHECK);
  if (bankRate) {
    items.push({
      code: BANK_RATE_CHECK, name: translator(ctx.locale)('fund.bankRateItem'), source: 'HISTORY', effect: 'SOFT', verdict: bankRate.verdict,
      observed: bankRate.observed === null ? null : Number(bankRate.observed), simulated: false, checkedAt: new Date(bankRate.checked_at).toISOString(),
    });
  }
  return {
    version: issue?.number ?? null,
    outcome: app.check_outcome,
    items,
    blacklistHits: hits.map((h) => ({ name: h.name, idNumber: maskIdNumber(h.id_number), reason: h.reason, since: new Date(h.created_at).toISOString() })),
    canRecheck: items.some((i) => i.verdict === 'UNCHECKED'),
  };
}

/** The indicators of the version the case was checked with that apply to its borrower type (none before a first issue). */
async function caseItems(db: Db, app: Pick<App, 'indicator_issue_id' | 'borrower_type'>): Promise<IssuedIndicator[]> {
  if (!app.indicator_issue_id) return [];
  const issue = await db.selectFrom('indicator_issue').select('items').where('id', '=', app.indicator_issue_id).executeTakeFirstOrThrow();
  return issue.items.filter((i) => i.borrower_types.includes(app.borrower_type));
}

type CaseApp = Pick<App, 'id' | 'indicator_issue_id' | 'borrower_type' | 'id_number' | 'amount' | 'check_outcome' | 'staff_count' | 'term_months' | 'client_group_id'>;

/**
 * Re-runs, inside the caller's transaction, the case's indicators `pick` chooses on what the
 * sources answered, and the case's outcome over all its verdicts (a refused case stays refused).
 */
export async function rerunChecks(trx: Db, ctx: CallContext<AuthUser>, app: CaseApp, outside: Outside, pick: (item: IssuedIndicator) => boolean) {
  const items = await caseItems(trx, app);
  const again = items.filter(pick);
  if (!again.length) return;
  const subject = {
    applicationId: app.id, borrowerType: app.borrower_type, idNumber: app.id_number, people: await peopleOf(trx, app.id), amount: Number(app.amount),
    staffCount: app.staff_count, keyHires: await countOf(trx, app.id, 'EMPLOYEE'), termMonths: app.term_months,
    partners: await countOf(trx, app.id, 'PARTNER'), clientGroupFits: app.client_group_id !== null,
  };
  const results = await runChecks(trx, again, subject, outside, ctx.now);
  await saveChecks(trx, app.id, results, ctx.now);
  const all = await trx.selectFrom('application_check').select(['code', 'verdict']).where('application_id', '=', app.id).execute();
  const { outcome } = outcomeOf(items, all.map((c) => ({ code: c.code, verdict: c.verdict, observed: null, detail: null })));
  if (app.check_outcome !== 'REFUSED') await trx.updateTable('application').set({ check_outcome: outcome }).where('id', '=', app.id).execute();
  await audit(trx, ctx.user, 'application.recheck', { type: 'application', id: app.id }, { codes: results.map((r) => `${r.code}:${r.verdict}`) });
}

/** Re-runs the indicators a source could not check, against the version the case was checked with. */
async function recheck(ctx: CallContext<AuthUser>, app: App) {
  const unchecked = new Set((await ctx.db.selectFrom('application_check').select('code').where('application_id', '=', app.id).where('verdict', '=', 'UNCHECKED').execute()).map((c) => c.code));
  const again = (await caseItems(ctx.db, app)).filter((i) => unchecked.has(i.code));
  if (!again.length) return;
  const outside = await lookOutside(ctx.options, again, app.id_number);
  const asked = sourcesAsked(again);
  await ctx.db.transaction().execute(async (trx) => {
    await rerunChecks(trx, ctx, app, outside, (i) => unchecked.has(i.code));
    await recordLookups(trx, app.id, outside, asked, 'RECHECK', ctx.user, ctx.now);
  });
}

export const redFlagCalls = [
  defineCall({
    path: 'businessProposerInfo/getCueRedInfo',
    async handler(ctx, input) {
      return redFlagsOf(ctx.db, ctx, await visibleApplication(ctx.db, ctx.user, input.id));
    },
  }),
  defineCall({
    path: 'businessProposerInfo/recheck',
    async handler(ctx, input) {
      await recheck(ctx, await visibleApplication(ctx.db, ctx.user, input.id));
      return redFlagsOf(ctx.db, ctx, await visibleApplication(ctx.db, ctx.user, input.id));
    },
  }),
];
