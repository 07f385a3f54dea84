import { defineCall, type AuthUser } from '../../core/call';
import { xlsxFile } from '../../core/export';
import type { Db } from '../../db';
import type { Page } from '../../../lib/contract/common';
import type { BankStatistics, EmployeeRow, EmploymentForm, ReportQuery, ReportStatistics } from '../../../lib/contract/report';
import { maskIdNumber, maskMobile } from '../../../lib/workflow/id-number';
import { BORROWER_TYPES } from '../../../lib/workflow/stages';
import { chinaToday } from '../../core/china-time';
import { pageTotals } from '../workflow/list';
import { caseScope, inCaseScope } from '../workflow/scope';
import { dateText } from '../workflow/rows';
import { bondingCompanies, bondingSheet } from './bonding';
import { emptyLoans, emptySubsidy, loanGroups, reportPeriod, subsidyBy, subsidyGroups, sumBy, tallyFilter } from './report-query';
import { employmentSheet, reportSheets } from './report-sheets';

/** reportStatistics: per region and month, with the months' and the period's totals; the subsidy likewise, by month of repayment. */
async function reportStatistics(db: Db, user: AuthUser, input: ReportQuery, now: Date, locale: string): Promise<ReportStatistics> {
  const period = reportPeriod(input, now);
  const [groups, subsidy, orgs, regions] = await Promise.all([
    loanGroups(db, user, input, period),
    tallyFilter(db, user, input, period).then((filter) => subsidyGroups(db, filter)),
    db.selectFrom('organization').select(['id', 'region_code']).where('type', '=', 'RENSHE').execute(),
    db.selectFrom('region').select(['code', 'name', 'name_en']).where('code', 'in', (eb) => eb.selectFrom('organization').select('region_code').where('type', '=', 'RENSHE').where('region_code', 'is not', null)).execute(),
  ]);
  const regionOf = new Map(orgs.map((o) => [o.id, o.region_code ?? '']));
  // A region in the reader's language (the Chinese name when it has no English one).
  const named = (r: { name: string; name_en: string }) => (locale === 'en' && r.name_en ? r.name_en : r.name);
  const nameOf = new Map(regions.map((r) => [r.code, named(r)]));
  const byCell = sumBy(groups, (g) => `${g.month}|${regionOf.get(g.org) ?? ''}`);
  const byMonth = sumBy(groups, (g) => g.month);
  const subsidyCells = subsidyBy(subsidy, (g) => `${g.month}|${regionOf.get(g.org) ?? ''}`);
  const subsidyMonths = subsidyBy(subsidy, (g) => g.month);
  return {
    period: { monthFrom: period.monthFrom, monthTo: period.monthTo },
    rows: [...byCell].map(([key, f]) => {
      const [month, region] = key.split('|') as [string, string];
      return { month, region, regionName: nameOf.get(region) ?? region, ...f };
    }).sort((a, b) => a.month.localeCompare(b.month) || a.region.localeCompare(b.region)),
    byMonth: period.months.map((month) => ({ month, ...(byMonth.get(month) ?? emptyLoans()) })),
    totals: sumBy(groups, () => 0).get(0) ?? emptyLoans(),
    regions: regions.map((r) => ({ code: r.code, name: named(r) })),
    subsidy: {
      rows: [...subsidyCells].map(([key, f]) => {
        const [month, region] = key.split('|') as [string, string];
        return { month, region, regionName: nameOf.get(region) ?? region, ...f };
      }).sort((a, b) => a.month.localeCompare(b.month) || a.region.localeCompare(b.region)),
      byMonth: period.months.map((month) => ({ month, ...(subsidyMonths.get(month) ?? emptySubsidy()) })),
      totals: subsidyBy(subsidy, () => 0).get(0) ?? emptySubsidy(),
    },
  };
}

/** bankStatistics: per bank, in the banks' order; the subsidy per bank and per month of repayment and bank. */
async function bankStatistics(db: Db, user: AuthUser, input: ReportQuery, now: Date): Promise<BankStatistics> {
  const period = reportPeriod(input, now);
  const [groups, subsidy, banks] = await Promise.all([
    loanGroups(db, user, input, period),
    tallyFilter(db, user, input, period).then((filter) => subsidyGroups(db, filter)),
    db.selectFrom('organization').select(['id', 'name']).where('type', '=', 'BANK').orderBy('sort').orderBy('id').execute(),
  ]);
  const byBank = sumBy(groups, (g) => g.bank);
  const subsidyBanks = subsidyBy(subsidy, (g) => g.bank);
  const subsidyCells = subsidyBy(subsidy, (g) => `${g.month}|${g.bank}`);
  const withSubsidy = banks.filter((b) => subsidyBanks.has(b.id));
  return {
    period: { monthFrom: period.monthFrom, monthTo: period.monthTo },
    rows: banks.filter((b) => byBank.has(b.id)).map((b) => ({ bankId: b.id, bank: b.name, ...byBank.get(b.id)! })),
    totals: sumBy(groups, () => 0).get(0) ?? emptyLoans(),
    subsidy: {
      rows: withSubsidy.map((b) => ({ bankId: b.id, bank: b.name, ...subsidyBanks.get(b.id)! })),
      byMonth: period.months.flatMap((month) => withSubsidy.flatMap((b) => {
        const f = subsidyCells.get(`${month}|${b.id}`);
        return f ? [{ month, bankId: b.id, bank: b.name, ...f }] : [];
      })),
      totals: subsidyBy(subsidy, () => 0).get(0) ?? emptySubsidy(),
    },
  };
}

async function employmentForm(db: Db, user: AuthUser, input: ReportQuery, now: Date): Promise<EmploymentForm> {
  const period = reportPeriod(input, now);
  const groups = (await loanGroups(db, user, input, period)).filter((g) => g.loans !== 0 || g.employees !== 0);
  const jobs = (f: { loans: number; employees: number; keyEmployees: number }) => ({ loans: f.loans, employees: f.employees, keyEmployees: f.keyEmployees });
  const cells = sumBy(groups, (g) => `${g.month}|${g.borrowerType ?? 'PERSON'}`);
  const types = sumBy(groups, (g) => g.borrowerType ?? 'PERSON');
  return {
    period: { monthFrom: period.monthFrom, monthTo: period.monthTo },
    rows: period.months.flatMap((month) => BORROWER_TYPES.flatMap((b) => {
      const f = cells.get(`${month}|${b}`);
      return f && (f.loans || f.employees) ? [{ month, borrowerType: b, ...jobs(f) }] : [];
    })),
    byBorrowerType: BORROWER_TYPES.map((b) => ({ borrowerType: b, ...jobs(types.get(b) ?? emptyLoans()) })),
    totals: jobs(sumBy(groups, () => 0).get(0) ?? emptyLoans()),
  };
}

const monthStart = (month: string) => `${month}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

export const reportCalls = [
  defineCall({ path: 'reportStatistics/form', handler: (ctx, input) => reportStatistics(ctx.db, ctx.user, input, ctx.now, ctx.locale) }),
  defineCall({ path: 'bankStatistics/form', handler: (ctx, input) => bankStatistics(ctx.db, ctx.user, input, ctx.now) }),
  defineCall({
    path: 'reportStatistics/export',
    async handler(ctx, input) {
      const report = await reportStatistics(ctx.db, ctx.user, input, ctx.now, ctx.locale);
      const [banks, jobs] = await Promise.all([bankStatistics(ctx.db, ctx.user, input, ctx.now), employmentForm(ctx.db, ctx.user, input, ctx.now)]);
      // Guarantee balances at the end of the report's last month (or today, for the current month).
      const last = new Date(Date.parse(`${nextMonth(report.period.monthTo)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const balances = await bondingCompanies(ctx.db, ctx.user, last < chinaToday(ctx.now) ? last : undefined, ctx.now);
      return xlsxFile(ctx.t('reports.report.title'), ctx.now, [...reportSheets(report, banks, ctx.t), employmentSheet(jobs, ctx.t), bondingSheet(balances, ctx.t)]);
    },
  }),
  defineCall({ path: 'businessClubFirstTrial/employmentForm', handler: (ctx, input) => employmentForm(ctx.db, ctx.user, input, ctx.now) }),
  defineCall({
    path: 'businessClubFirstTrial/employmentFormExport',
    async handler(ctx, input) {
      return xlsxFile(ctx.t('reports.employment.title'), ctx.now, [employmentSheet(await employmentForm(ctx.db, ctx.user, input, ctx.now), ctx.t)]);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/employmentFormUnfold',
    async handler(ctx, input): Promise<Page<EmployeeRow>> {
      const period = reportPeriod(input, ctx.now);
      const from = input.month && input.month >= period.monthFrom ? input.month : period.monthFrom;
      const to = input.month && input.month <= period.monthTo ? input.month : period.monthTo;
      const scope = await caseScope(ctx.db, ctx.user);
      let base = ctx.db.selectFrom('application as a').innerJoin('application_person as p', 'p.application_id', 'a.id')
        .where('a.status', '=', 'LOANED').where('a.loan_date', '>=', monthStart(from)).where('a.loan_date', '<', nextMonth(to))
        .where('p.role', '=', 'EMPLOYEE').where((eb) => inCaseScope(eb as never, scope));
      if (input.region) base = base.where('a.renshe_org_id', 'in', (eb) => eb.selectFrom('organization').select('id').where('region_code', '=', input.region!));
      if (input.borrowerType) base = base.where('a.borrower_type', '=', input.borrowerType);
      if (input.keyGroup !== undefined) base = base.where('p.key_group', '=', input.keyGroup);
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        base.select(['p.id', 'p.name', 'p.id_number', 'p.mobile', 'p.gender', 'p.key_group', 'a.id as application_id', 'a.number', 'a.business_name', 'a.borrower_type', dateText('a.loan_date').as('loan_day')])
          .orderBy('a.loan_date', 'desc').orderBy('p.id').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id, name: r.name, idNumber: maskIdNumber(r.id_number), mobile: maskMobile(r.mobile), gender: r.gender, keyGroup: r.key_group,
          applicationId: r.application_id, number: r.number, employer: r.business_name, borrowerType: r.borrower_type, loanDate: r.loan_day ?? '',
        })),
        ...totals,
      };
    },
  }),
];
