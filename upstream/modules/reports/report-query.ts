import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { LoanFigures, ReportQuery, SubsidyFigures } from '../../../lib/contract/report';
import type { BorrowerType } from '../../../lib/workflow/stages';
import { chinaToday } from '../../core/china-time';
import { caseScope } from '../workflow/scope';

const DEFAULT_MONTHS = 12;
const monthText = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const indexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The months asked for: to the current month (China's) by default, and the 11 before it. */
export function reportPeriod(input: Pick<ReportQuery, 'monthFrom' | 'monthTo'>, now: Date) {
  const monthTo = input.monthTo ?? chinaToday(now).slice(0, 7);
  const monthFrom = input.monthFrom ?? monthText(indexOf(monthTo) - DEFAULT_MONTHS + 1);
  const months = [];
  for (let i = indexOf(monthFrom); i <= indexOf(monthTo); i += 1) months.push(monthText(i));
  return { monthFrom, monthTo, months };
}
export type ReportPeriod = ReturnType<typeof reportPeriod>;

/** Rows of a tally in the period, the region and the user's case scope (alias `t`). */
export async function tallyFilter(db: Db, user: AuthUser, input: ReportQuery, period: ReportPeriod): Promise<RawBuilder<unknown>> {
  const parts = [sql`t.month between ${`${period.monthFrom}-01`}::date and ${`${period.monthTo}-01`}::date`];
  if (input.region) parts.push(sql`t.renshe_org_id in (select id from organization where region_code = ${input.region})`);
  const scope = await caseScope(db, user);
  if (scope !== null) parts.push(inTallyScope(scope));
  return sql.join(parts, sql` and `);
}

/** Rows of a tally (alias `t`) whose bureau, bank or guarantee company is one of the scope's organisations. */
export function inTallyScope(scope: number[]): RawBuilder<unknown> {
  const ids = scope.length ? scope : [-1];
  return sql`(t.renshe_org_id in (${sql.join(ids)}) or t.bank_org_id in (${sql.join(ids)}) or t.guarantee_org_id in (${sql.join(ids)}))`;
}

export interface LoanGroup extends LoanFigures { month: string; org: number; bank: number; borrowerType: BorrowerType | null }

/** Loans issued in the period, and where those loans stand now, by month of issue, bureau, bank and borrower type (of the product). */
export async function loanGroups(db: Db, user: AuthUser, input: ReportQuery, period: ReportPeriod): Promise<LoanGroup[]> {
  const filter = await tallyFilter(db, user, input, period);
  const { rows } = await sql<{ month: string; org: number; bank: number; bt: BorrowerType | null; loans: string; amount: string; people: string; employees: string; key: string }>`
    select to_char(t.month, 'YYYY-MM') as month, t.renshe_org_id as org, t.bank_org_id as bank, lp.borrower_type as bt,
      sum(t.loans) as loans, sum(t.amount) as amount, sum(t.people) as people, sum(t.employees) as employees, sum(t.key_employees) as key
    from loan_tally t left join loan_product lp on lp.id = t.product_id
    where ${filter} group by 1, 2, 3, 4`.execute(db);
  const after = await afterIssue(db, filter);
  const key = (g: { month: string; org: number; bank: number; bt: BorrowerType | null }) => `${g.month}|${g.org}|${g.bank}|${g.bt}`;
  const groups = new Map(rows.map((r) => [key(r), {
    month: r.month, org: r.org, bank: r.bank, borrowerType: r.bt, loans: Number(r.loans), amount: Number(r.amount), people: Number(r.people),
    employees: Number(r.employees), keyEmployees: Number(r.key), ...noAccounts(),
  }]));
  for (const a of after) {
    const group = groups.get(key(a)) ?? { month: a.month, org: a.org, bank: a.bank, borrowerType: a.bt, ...emptyLoans() };
    for (const figure of ACCOUNT_FIGURES) group[figure] = Number(a[figure]) / 100;
    groups.set(key(a), group);
  }
  return [...groups.values()];
}

const ACCOUNT_FIGURES = ['repaid', 'outstanding', 'overdue', 'compensated', 'recovered'] as const;
const noAccounts = () => ({ repaid: 0, outstanding: 0, overdue: 0, compensated: 0, recovered: 0 });

/** The accounts of the loans issued in the period, by issue month, bureau, bank and borrower type: where they stand now, in fen. */
async function afterIssue(db: Db, filter: RawBuilder<unknown>) {
  const { rows } = await sql<{ month: string; org: number; bank: number; bt: BorrowerType | null } & Record<(typeof ACCOUNT_FIGURES)[number], string>>`
    select to_char(t.month, 'YYYY-MM') as month, t.renshe_org_id as org, t.bank_org_id as bank, lp.borrower_type as bt,
      sum(t.principal - t.outstanding) as repaid, sum(t.live) as outstanding, sum(t.overdue) as overdue, sum(t.compensated) as compensated, sum(t.recovered) as recovered
    from (
      select date_trunc('month', l.issue_date)::date as month, l.renshe_org_id, l.bank_org_id, l.guarantee_org_id, a.product_id, l.principal, l.outstanding,
        case when l.state in ('CURRENT', 'OVERDUE') then l.outstanding else 0 end as live,
        case when l.state = 'OVERDUE' then l.outstanding else 0 end as overdue, l.compensated, l.recovered
      from loan_account l join application a on a.id = l.application_id
    ) t left join loan_product lp on lp.id = t.product_id
    where ${filter} group by 1, 2, 3, 4`.execute(db);
  return rows;
}

export const emptyLoans = (): LoanFigures => ({ loans: 0, amount: 0, people: 0, employees: 0, keyEmployees: 0, ...noAccounts() });
const cents = (n: number) => Math.round(n * 100) / 100;

/** The groups summed by a key, in the order first seen. */
export function sumBy<K>(groups: LoanGroup[], key: (g: LoanGroup) => K): Map<K, LoanFigures> {
  const map = new Map<K, LoanFigures>();
  for (const g of groups) {
    const k = key(g);
    const f = map.get(k) ?? emptyLoans();
    f.loans += g.loans; f.amount += g.amount; f.people += g.people; f.employees += g.employees; f.keyEmployees += g.keyEmployees;
    for (const figure of ACCOUNT_FIGURES) f[figure] += g[figure];
    map.set(k, f);
  }
  for (const f of map.values()) {
    f.amount = cents(f.amount);
    for (const figure of ACCOUNT_FIGURES) f[figure] = cents(f[figure]);
  }
  return map;
}

/** The interest subsidy of one month of repayment, bureau and bank, in fen (sums of whole fen stay exact). */
export interface SubsidyGroup { month: string; org: number; bank: number; owed: number; claimed: number; paid: number }

/**
 * The subsidy owed, claimed and paid by month of repayment, bureau and bank, from the tally the
 * subsidy service keeps with each event (migration 0041): the rows `filter` holds (alias `t`),
 * those with any figure.
 */
export async function subsidyGroups(db: Db, filter: RawBuilder<unknown>): Promise<SubsidyGroup[]> {
  const { rows } = await sql<{ month: string; org: number; bank: number; owed: string; claimed: string; paid: string }>`
    select to_char(t.month, 'YYYY-MM') as month, t.renshe_org_id as org, t.bank_org_id as bank, sum(t.owed) as owed, sum(t.claimed) as claimed, sum(t.paid) as paid
    from subsidy_tally t where ${filter} group by 1, 2, 3
    having sum(t.owed) <> 0 or sum(t.claimed) <> 0 or sum(t.paid) <> 0`.execute(db);
  return rows.map((r) => ({ month: r.month, org: r.org, bank: r.bank, owed: Number(r.owed), claimed: Number(r.claimed), paid: Number(r.paid) }));
}

export const emptySubsidy = (): SubsidyFigures => ({ owed: 0, claimed: 0, paid: 0 });

/** The subsidy groups summed by a key, in yuan, in the order first seen. */
export function subsidyBy<K>(groups: SubsidyGroup[], key: (g: SubsidyGroup) => K): Map<K, SubsidyFigures> {
  const map = new Map<K, SubsidyFigures>();
  for (const g of groups) {
    const f = map.get(key(g)) ?? emptySubsidy();
    f.owed += g.owed; f.claimed += g.claimed; f.paid += g.paid;
    map.set(key(g), f);
  }
  for (const f of map.values()) { f.owed /= 100; f.claimed /= 100; f.paid /= 100; }
  return map;
}
