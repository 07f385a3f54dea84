import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { LoanFigures, ReportQuery } from '../../../lib/contract/report';
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
async function where(db: Db, user: AuthUser, input: ReportQuery, period: ReportPeriod): Promise<RawBuilder<unknown>> {
  const parts = [sql`t.month between ${`${period.monthFrom}-01`}::date and ${`${period.monthTo}-01`}::date`];
  if (input.region) parts.push(sql`t.renshe_org_id in (select id from organization where region_code = ${input.region})`);
  const scope = await caseScope(db, user);
  if (scope !== null) {
    const ids = scope.length ? scope : [-1];
    parts.push(sql`(t.renshe_org_id in (${sql.join(ids)}) or t.bank_org_id in (${sql.join(ids)}) or t.guarantee_org_id in (${sql.join(ids)}))`);
  }
  return sql.join(parts, sql` and `);
}

export interface LoanGroup extends LoanFigures { month: string; org: number; bank: number; borrowerType: BorrowerType | null }

/** Loans issued and the subsidy owed in the period, and where those loans stand now, by month, bureau, bank and borrower type (of the product). */
export async function loanGroups(db: Db, user: AuthUser, input: ReportQuery, period: ReportPeriod): Promise<LoanGroup[]> {
  const filter = await where(db, user, input, period);
  const { rows } = await sql<{ month: string; org: number; bank: number; bt: BorrowerType | null; loans: string; amount: string; people: string; employees: string; key: string; subsidy: string }>`
    select to_char(t.month, 'YYYY-MM') as month, t.renshe_org_id as org, t.bank_org_id as bank, lp.borrower_type as bt,
      sum(t.loans) as loans, sum(t.amount) as amount, sum(t.people) as people, sum(t.employees) as employees, sum(t.key_employees) as key, sum(t.subsidy) as subsidy
    from (
      select month, renshe_org_id, bank_org_id, guarantee_org_id, product_id, loans, amount, people, employees, key_employees, 0 as subsidy from loan_tally
      union all
      select month, renshe_org_id, bank_org_id, guarantee_org_id, product_id, 0, 0, 0, 0, 0, owed / 100.0 from subsidy_tally
    ) t left join loan_product lp on lp.id = t.product_id
    where ${filter} group by 1, 2, 3, 4`.execute(db);
  const after = await afterIssue(db, filter);
  const key = (g: { month: string; org: number; bank: number; bt: BorrowerType | null }) => `${g.month}|${g.org}|${g.bank}|${g.bt}`;
  const groups = new Map(rows.map((r) => [key(r), {
    month: r.month, org: r.org, bank: r.bank, borrowerType: r.bt, loans: Number(r.loans), amount: Number(r.amount), people: Number(r.people),
    employees: Number(r.employees), keyEmployees: Number(r.key), subsidy: Number(r.subsidy), ...noAccounts(),
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

export const emptyLoans = (): LoanFigures => ({ loans: 0, amount: 0, people: 0, employees: 0, keyEmployees: 0, subsidy: 0, ...noAccounts() });
const cents = (n: number) => Math.round(n * 100) / 100;

/** The groups summed by a key, in the order first seen. */
export function sumBy<K>(groups: LoanGroup[], key: (g: LoanGroup) => K): Map<K, LoanFigures> {
  const map = new Map<K, LoanFigures>();
  for (const g of groups) {
    const k = key(g);
    const f = map.get(k) ?? emptyLoans();
    f.loans += g.loans; f.amount += g.amount; f.people += g.people; f.employees += g.employees; f.keyEmployees += g.keyEmployees; f.subsidy += g.subsidy;
    for (const figure of ACCOUNT_FIGURES) f[figure] += g[figure];
    map.set(k, f);
  }
  for (const f of map.values()) {
    f.amount = cents(f.amount); f.subsidy = cents(f.subsidy);
    for (const figure of ACCOUNT_FIGURES) f[figure] = cents(f[figure]);
  }
  return map;
}
