import type { Kysely } from 'kysely';
import type { Database, IssuedIndicator } from '../../db/schema';
import type { UpstreamOptions } from '../../options';
import { lookupWithin, sourcesFor } from '../../integrations';
import type { CreditRecord, InsuranceRecord } from '../../integrations/types';
import { idBirthDate } from '../../../lib/workflow/id-number';
import { judge, type Metric, type Verdict } from '../../../lib/workflow/indicators';
import type { BorrowerType } from '../../../lib/workflow/stages';
import { chinaToday } from '../../core/china-time';

type Db = Kysely<Database>;

/** What the checks look at: the proposer, every other person named, the amount and the borrower type. */
export interface Subject {
  applicationId?: number;
  borrowerType: BorrowerType;
  idNumber: string;
  people: string[];
  amount: number;
}

/** What the outside sources answered (null: could not be checked). */
export interface Outside { insurance: InsuranceRecord | null; credit: CreditRecord | null }

export interface CheckResult { code: string; verdict: Verdict; observed: number | null; detail: Record<string, unknown> | null }

/** The issued version in force and its items for a borrower type (none before a first issue). */
export async function issuedFor(db: Db, borrowerType: BorrowerType) {
  const issue = await db.selectFrom('indicator_issue').select(['id', 'number', 'items']).orderBy('number', 'desc').limit(1).executeTakeFirst();
  if (!issue) return null;
  return { id: issue.id, number: issue.number, items: issue.items.filter((i) => i.borrower_types.includes(borrowerType)) };
}

/** Asks the outside sources the items need, in parallel, each within the timeout; outside any transaction. */
export async function lookOutside(options: Pick<UpstreamOptions, 'simulatedSources' | 'sourceTimeoutMs'>, items: IssuedIndicator[], idNumber: string, only?: Set<string>): Promise<Outside> {
  const wants = (source: string) => items.some((i) => i.source === source && (!only || only.has(source)));
  const sources = sourcesFor(options);
  const [insurance, credit] = await Promise.all([
    wants('INSURANCE') ? lookupWithin(sources.insurance, idNumber, options.sourceTimeoutMs) : Promise.resolve(null),
    wants('CREDIT') ? lookupWithin(sources.credit, idNumber, options.sourceTimeoutMs) : Promise.resolve(null),
  ]);
  return { insurance, credit };
}

/** Full years from a YYYY-MM-DD birth date to a China day. */
function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The database's observations: blacklist hits by indexed ID number, loans not settled, the type's cap. */
async function lookInside(db: Db, subject: Subject, now: Date) {
  const ids = [subject.idNumber, ...subject.people];
  const [hits, loans, cap] = await Promise.all([
    db.selectFrom('blacklist').select((eb) => eb.fn.countAll<number>().as('n')).where('id_number', 'in', ids).where('relieved_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])).executeTakeFirstOrThrow(),
    db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).where('id_number', '=', subject.idNumber).where('status', '=', 'LOANED')
      .$if(subject.applicationId !== undefined, (q) => q.where('id', '<>', subject.applicationId!)).executeTakeFirstOrThrow(),
    db.selectFrom('borrower_type_config').select(['cap_amount', 'total_cap_amount']).where('borrower_type', '=', subject.borrowerType).executeTakeFirst(),
  ]);
  const birth = idBirthDate(subject.idNumber, now);
  const limit = cap ? Number(cap.total_cap_amount ?? cap.cap_amount) : null;
  return {
    age: birth ? ageOn(birth, chinaToday(now)) : null,
    amountOverCap: limit === null ? null : subject.amount - limit,
    blacklistHits: Number(hits.n),
    openLoans: Number(loans.n),
  };
}

/** Runs every item on what was observed: one verdict each, with the value and what the source said. */
export async function runChecks(db: Db, items: IssuedIndicator[], subject: Subject, outside: Outside, now: Date): Promise<CheckResult[]> {
  const inside = await lookInside(db, subject, now);
  const insurance = outside.insurance ? { ...outside.insurance } : null;
  const credit = outside.credit ? { ...outside.credit } : null;
  const observed: Record<Metric, [number | null, Record<string, unknown> | null]> = {
    AGE: [inside.age, null],
    AMOUNT_OVER_CAP: [inside.amountOverCap, null],
    BLACKLIST_HITS: [inside.blacklistHits, null],
    OPEN_LOANS: [inside.openLoans, null],
    INSURED_MONTHS: [insurance ? insurance.monthsPaid : null, insurance],
    CURRENT_OVERDUE: [credit ? credit.currentOverdue : null, credit],
    UNSETTLED_GUARANTEES: [credit ? credit.unsettledGuaranteeLoans : null, credit],
  };
  return items.map((item) => {
    const [value, detail] = observed[item.metric];
    const rule = { operator: item.operator, min: item.min_value === null ? null : Number(item.min_value), max: item.max_value === null ? null : Number(item.max_value) };
    return { code: item.code, verdict: judge(rule, item.effect, value), observed: value, detail };
  });
}

/** The outcome of the results: refused (with the first failed HARD item's reason), flagged (SOFT or unchecked), or passed. */
export function outcomeOf(items: IssuedIndicator[], results: CheckResult[]): { outcome: 'PASSED' | 'REFUSED' | 'FLAGGED'; reasonId: number | null } {
  const refused = results.find((r) => r.verdict === 'REFUSED');
  if (refused) return { outcome: 'REFUSED', reasonId: items.find((i) => i.code === refused.code)?.refuse_reason_id ?? null };
  return { outcome: results.some((r) => r.verdict !== 'PASSED') ? 'FLAGGED' : 'PASSED', reasonId: null };
}

/** Writes (or replaces) the application's verdicts. */
export async function saveChecks(db: Db, applicationId: number, results: CheckResult[], now: Date) {
  if (!results.length) return;
  await db.insertInto('application_check').values(results.map((r) => ({
    application_id: applicationId, code: r.code, verdict: r.verdict, observed: r.observed, detail: r.detail ? JSON.stringify(r.detail) : null, checked_at: now,
  }))).onConflict((oc) => oc.columns(['application_id', 'code']).doUpdateSet((eb) => ({
    verdict: eb.ref('excluded.verdict'), observed: eb.ref('excluded.observed'), detail: eb.ref('excluded.detail'), checked_at: eb.ref('excluded.checked_at'),
  }))).execute();
}
