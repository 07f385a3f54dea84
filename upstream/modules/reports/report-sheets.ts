import type { Translate } from '../../core/i18n';
import { monthCell, type Cell, type Sheet } from '../../core/xlsx';
import type { BankStatistics, EmploymentForm, LoanFigures, ReportStatistics, SubsidyFigures } from '../../../lib/contract/report';

const FIGURES = ['loans', 'amount', 'people', 'employees', 'keyEmployees', 'repaid', 'outstanding', 'overdue', 'compensated', 'recovered'] as const;
const cells = (f: LoanFigures): Cell[] => FIGURES.map((k) => f[k]);
/** The widths of the columns of the loans' standing now (repaid, outstanding, overdue, compensated, recovered). */
const AFTER_ISSUE = [16, 16, 16, 16, 16];
const SUBSIDY = ['subsidyOwed', 'subsidyClaimed', 'subsidyPaid'] as const;
const subsidyCells = (f: SubsidyFigures): Cell[] => [f.owed, f.claimed, f.paid];

/**
 * The monthly report's sheets (per region and month, per month, per bank; the subsidy per month
 * of repayment and region, per bank, per month of repayment and bank), headed in the caller's language.
 */
export function reportSheets(report: ReportStatistics, banks: BankStatistics, t: Translate): Sheet[] {
  const h = (key: string) => t(`reports.report.${key}`);
  const header = FIGURES.map((k) => h(k));
  const subsidy = SUBSIDY.map((k) => h(k));
  const period = `${report.period.monthFrom} ~ ${report.period.monthTo}`;
  const total = [`${h('total')} (${period})`];
  return [
    {
      name: h('sheets.regions'), header: [h('month'), h('region'), ...header],
      rows: [...report.rows.map((r) => [monthCell(r.month), r.regionName, ...cells(r)]), [...total, '', ...cells(report.totals)]], widths: [10, 16, 10, 16, 12, 12, 14, ...AFTER_ISSUE],
    },
    { name: h('sheets.months'), header: [h('month'), ...header], rows: [...report.byMonth.map((r) => [monthCell(r.month), ...cells(r)]), [...total, ...cells(report.totals)]], widths: [10, 10, 16, 12, 12, 14, ...AFTER_ISSUE] },
    { name: h('sheets.banks'), header: [h('bank'), ...header], rows: [...banks.rows.map((r) => [r.bank, ...cells(r)]), [...total, ...cells(banks.totals)]], widths: [30, 10, 16, 12, 12, 14, ...AFTER_ISSUE] },
    {
      name: h('sheets.subsidyRegions'), header: [h('repaidMonth'), h('region'), ...subsidy],
      rows: [...report.subsidy.rows.map((r) => [monthCell(r.month), r.regionName, ...subsidyCells(r)]), [...total, '', ...subsidyCells(report.subsidy.totals)]], widths: [12, 16, 16, 16, 16],
    },
    {
      name: h('sheets.subsidyBanks'), header: [h('bank'), ...subsidy],
      rows: [...banks.subsidy.rows.map((r) => [r.bank, ...subsidyCells(r)]), [...total, ...subsidyCells(banks.subsidy.totals)]], widths: [30, 16, 16, 16],
    },
    {
      name: h('sheets.subsidyMonthsBanks'), header: [h('repaidMonth'), h('bank'), ...subsidy],
      rows: [...banks.subsidy.byMonth.map((r) => [monthCell(r.month), r.bank, ...subsidyCells(r)]), [...total, '', ...subsidyCells(banks.subsidy.totals)]], widths: [12, 30, 16, 16, 16],
    },
  ];
}

/** Jobs created: per month and borrower type, with the totals. */
export function employmentSheet(form: EmploymentForm, t: Translate): Sheet {
  const h = (key: string) => t(`reports.report.${key}`);
  return {
    name: h('sheets.jobs'), header: [h('month'), h('borrowerType'), h('loans'), h('employees'), h('keyEmployees')],
    rows: [
      ...form.rows.map((r) => [monthCell(r.month), t(`approval.borrowerType.${r.borrowerType}`), r.loans, r.employees, r.keyEmployees]),
      [`${h('total')} (${form.period.monthFrom} ~ ${form.period.monthTo})`, '', form.totals.loans, form.totals.employees, form.totals.keyEmployees],
    ],
    widths: [12, 14, 10, 12, 14],
  };
}
