import type { Kysely } from 'kysely';
import type { Database, IssuedIndicator } from '../../db/schema';
import type { UpstreamOptions } from '../../options';
import { lookupWithin, sourcesFor } from '../../integrations';
import type { LookupFailure } from '../../integrations/failure';
import type { CreditRecord, InsuranceRecord, SourceName } from '../../integrations/types';
import { idBirthDate } from '../../../lib/workflow/id-number';
import { judge, keyHireMargin, type KeyHireLimits, type Metric, type Verdict } from '../../../lib/workflow/indicators';
import { amountOverCap, capFen, type TypeLimits } from '../../../lib/workflow/caps';
import type { BorrowerType } from '../../../lib/workflow/stages';
import { chinaToday } from '../../core/china-time';
import { openLoansOf } from '../workflow/people';

type Db = Kysely<Database>;

/** What the checks look at: the proposer, every other person named, the amount and the borrower type. */
export interface Subject {
  applicationId?: number;
  borrowerType: BorrowerType;
  idNumber: string;
  people: string[];
  amount: number;
  termMonths: number;
  /** Partners named (a partnership's cap grows with them). */
  partners: number;
  /** Whether the proposer is in an enabled client group of the borrower type (the CLIENT_GROUP indicator). */
  clientGroupFits: boolean;
  /** A small company's staff and its new hires from the key groups (the staffing indicator). */
  staffCount: number | null;
  keyHires: number;
  /** Hits the caller already counted among these people (intake screens them first); absent: counted here. */
  blacklistHits?: number;
}

/** What the outside sources answered (null: not asked or could not be checked), and why those asked failed. */
export interface Outside { insurance: InsuranceRecord | null; credit: CreditRecord | null; failures: Partial<Record<SourceName, LookupFailure>> }

export const NOTHING_OUTSIDE: Outside = { insurance: null, credit: null, failures: {} };
type SourceOptions = Pick<UpstreamOptions, 'simulatedSources' | 'sourceTimeoutMs' | 'httpSources'>;

/** How long a source may take: its HTTP provider's own timeout, else SOURCE_TIMEOUT_MS. */
const timeoutOf = (options: SourceOptions, source: SourceName) => options.httpSources[source]?.timeoutMs ?? options.sourceTimeoutMs;

/** Asks the named sources, in parallel, each within its timeout; outside any transaction. */
export async function askSources(options: SourceOptions, idNumber: string, asked: readonly SourceName[]): Promise<Outside> {
  const sources = sourcesFor(options);
  const [insurance, credit] = await Promise.all([
    asked.includes('insurance') ? lookupWithin(sources.insurance, idNumber, timeoutOf(options, 'insurance')) : null,
    asked.includes('credit') ? lookupWithin(sources.credit, idNumber, timeoutOf(options, 'credit')) : null,
  ]);
  const failures: Outside['failures'] = {};
  if (insurance && !insurance.ok) failures.insurance = insurance.failure;
  if (credit && !credit.ok) failures.credit = credit.failure;
  return { insurance: insurance?.ok ? insurance.value : null, credit: credit?.ok ? credit.value : null, failures };
}

export interface CheckResult { code: string; verdict: Verdict; observed: number | null; detail: Record<string, unknown> | null }

/** The issued version in force and its items for a borrower type (none before a first issue). */
export async function issuedFor(db: Db, borrowerType: BorrowerType) {
  const issue = await db.selectFrom('indicator_issue').select(['id', 'number', 'items']).orderBy('number', 'desc').limit(1).executeTakeFirst();
  if (!issue) return null;
  return { id: issue.id, number: issue.number, items: issue.items.filter((i) => i.borrower_types.includes(borrowerType)) };
}

/** The outside sources the items need. */
export function sourcesAsked(items: IssuedIndicator[]): SourceName[] {
  const wants = (source: string) => items.some((i) => i.source === source);
  return [...(wants('INSURANCE') ? ['insurance' as const] : []), ...(wants('CREDIT') ? ['credit' as const] : [])];
}

/** Asks the outside sources the items need. */
export const lookOutside = (options: SourceOptions, items: IssuedIndicator[], idNumber: string): Promise<Outside> =>
  askSources(options, idNumber, sourcesAsked(items));

/** Full years from a YYYY-MM-DD birth date to a China day. */
function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A borrower type's limits as its settings hold them. */
export async function typeLimits(db: Db, borrowerType: BorrowerType) {
  const row = await db.selectFrom('borrower_type_config').selectAll().where('borrower_type', '=', borrowerType).executeTakeFirst();
  if (!row) return null;
  const limits: TypeLimits = {
    borrowerType, capAmount: Number(row.cap_amount), totalCapAmount: row.total_cap_amount === null ? null : Number(row.total_cap_amount),
    partnerUplift: row.partner_uplift === null ? null : Number(row.partner_uplift), maxTermMonths: row.max_term_months,
  };
  const keyHire: KeyHireLimits | null = row.key_hire_share !== null && row.key_hire_large_share !== null && row.key_hire_staff_threshold !== null
    ? { share: Number(row.key_hire_share), largeShare: Number(row.key_hire_large_share), staffThreshold: row.key_hire_staff_threshold }
    : null;
  return { limits, keyHire };
}

/** The database's observations: blacklist hits by indexed ID number, loans not settled, the type's cap, term and staffing limits. */
async function lookInside(db: Db, subject: Subject, now: Date) {
  const ids = [subject.idNumber, ...subject.people];
  const [hits, loans, type, taken] = await Promise.all([
    subject.blacklistHits !== undefined ? { n: subject.blacklistHits } : db.selectFrom('blacklist').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_number', 'in', ids).where('relieved_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])).executeTakeFirstOrThrow(),
    openLoansOf(db, ids, subject.applicationId),
    typeLimits(db, subject.borrowerType),
    // Start-up loans the proposer took before (settled or not): this one would be the next.
    db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).where('id_number', '=', subject.idNumber).where('status', '=', 'LOANED')
      .$if(subject.applicationId !== undefined, (q) => q.where('id', '<>', subject.applicationId!)).executeTakeFirstOrThrow(),
  ]);
  const birth = idBirthDate(subject.idNumber, now);
  return {
    age: birth ? ageOn(birth, chinaToday(now)) : null,
    amountOverCap: type ? amountOverCap(type.limits, subject.partners, subject.amount) : null,
    cap: type ? capFen(type.limits, subject.partners) / 100 : null,
    termOverMax: type ? subject.termMonths - type.limits.maxTermMonths : null,
    maxTermMonths: type?.limits.maxTermMonths ?? null,
    blacklistHits: Number(hits.n),
    openLoans: loans,
    loansTaken: Number(taken.n),
    keyHireMargin: keyHireMargin(subject.keyHires, subject.staffCount, type?.keyHire ?? null),
    keyHireLimits: type?.keyHire ?? null,
  };
}

/** Runs every item on what was observed: one verdict each, with the value and what the source said. */
export async function runChecks(db: Db, items: IssuedIndicator[], subject: Subject, outside: Outside, now: Date): Promise<CheckResult[]> {
  const inside = await lookInside(db, subject, now);
  const insurance = outside.insurance ? { ...outside.insurance } : null;
  const credit = outside.credit ? { ...outside.credit } : null;
  const observed: Record<Metric, [number | null, Record<string, unknown> | null]> = {
    AGE: [inside.age, null],
    AMOUNT_OVER_CAP: [inside.amountOverCap, { amount: subject.amount, cap: inside.cap, partners: subject.partners }],
    TERM_OVER_MAX: [inside.termOverMax, { termMonths: subject.termMonths, maxTermMonths: inside.maxTermMonths }],
    CLIENT_GROUP_MISSING: [subject.clientGroupFits ? 0 : 1, null],
    BLACKLIST_HITS: [inside.blacklistHits, null],
    OPEN_LOANS: [inside.openLoans.length, inside.openLoans.length ? { numbers: inside.openLoans } : null],
    LOAN_NUMBER: [inside.loansTaken + 1, { taken: inside.loansTaken }],
    INSURED_MONTHS: [insurance ? insurance.monthsPaid : null, insurance],
    CURRENT_OVERDUE: [credit ? credit.currentOverdue : null, credit],
    UNSETTLED_GUARANTEES: [credit ? credit.unsettledGuaranteeLoans : null, credit],
    KEY_HIRE_MARGIN: [inside.keyHireMargin, { staff: subject.staffCount, keyHires: subject.keyHires, limits: inside.keyHireLimits }],
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
