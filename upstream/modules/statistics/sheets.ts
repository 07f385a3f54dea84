import type { Translate } from '../../core/i18n';
import { monthCell, type Cell, type Sheet } from '../../core/xlsx';
import type { Figures, StatisticsForm } from '../../../lib/contract/statistics';
import type { SubsidyFigures } from '../../../lib/contract/report';
import { BORROWER_TYPES } from '../../../lib/workflow/stages';
import { FIGURES } from '../../../lib/workflow/statistics';
import type { loanCountsAll } from './figures';

/** Sheets of the statistics exports, with headers in the caller's language. */
const figureHeaders = (t: Translate) => FIGURES.map((f) => t(`statistics.figures.${f}`));
const figureCells = (figures: Figures): Cell[] => FIGURES.map((f) => figures[f]);
const widths = (first: number[]) => [...first, ...FIGURES.map(() => 12)];

export function formSheets(form: StatisticsForm, t: Translate): Sheet[] {
  const period = `${form.period.dateFrom} ~ ${form.period.dateTo}`;
  return [
    {
      name: t('statistics.sheets.byOrg'),
      header: [t('statistics.org'), ...figureHeaders(t)],
      rows: [...form.byOrg.map((row) => [row.orgName, ...figureCells(row)]), [`${t('statistics.all')} (${period})`, ...figureCells(form.summary)]],
      widths: widths([34]),
    },
    {
      name: t('statistics.sheets.byMonth'),
      header: [t('statistics.month'), ...figureHeaders(t)],
      rows: form.byMonth.map((row) => [monthCell(row.month), ...figureCells(row)]),
      widths: widths([12]),
    },
    {
      name: t('statistics.sheets.byStage'),
      header: [t('statistics.stage'), t('statistics.figures.inReview'), t('statistics.figures.amount'), t('statistics.figures.overdue')],
      rows: form.byStage.map((row) => [t(`approval.stage.${row.stage}`), row.count, row.amount, row.overdue]),
      widths: [18, 12, 16, 12],
    },
    {
      name: t('statistics.sheets.byStatus'),
      header: [t('statistics.status'), t('statistics.figures.total'), t('statistics.figures.amount')],
      rows: form.byStatus.map((row) => [t(`approval.status.${row.status}`), row.count, row.amount]),
      widths: [14, 12, 16],
    },
    ...(form.subsidy ? [subsidySheet(form.subsidy, period, t)] : []),
  ];
}

/** The bank statistics' subsidy per month of repayment and bank, with the total. */
function subsidySheet(subsidy: NonNullable<StatisticsForm['subsidy']>, period: string, t: Translate): Sheet {
  const h = (key: string) => t(`reports.report.${key}`);
  const figures = (f: SubsidyFigures): Cell[] => [f.owed, f.claimed, f.paid];
  return {
    name: t('statistics.sheets.subsidy'),
    header: [h('repaidMonth'), h('bank'), h('subsidyOwed'), h('subsidyClaimed'), h('subsidyPaid')],
    rows: [...subsidy.rows.map((row) => [monthCell(row.month), row.orgName, ...figures(row)]), [`${t('statistics.all')} (${period})`, '', ...figures(subsidy.totals)]],
    widths: [12, 34, 16, 16, 16],
  };
}

export function loanCountSheets(counts: Awaited<ReturnType<typeof loanCountsAll>>, t: Translate): Sheet[] {
  const type = (b: string) => t(`approval.borrowerType.${b}`);
  return [
    {
      name: t('statistics.sheets.byBorrowerType'),
      header: [t('statistics.borrowerType'), ...figureHeaders(t)],
      rows: BORROWER_TYPES.map((b) => [type(b), ...figureCells(counts.byType.get(b)!)]),
      widths: widths([14]),
    },
    {
      name: t('statistics.sheets.byOrgAndType'),
      header: [t('statistics.org'), t('statistics.borrowerType'), ...figureHeaders(t)],
      rows: counts.byOrg.flatMap((org) => BORROWER_TYPES.flatMap((b) => {
        const figures = counts.byTypeAndOrg.get(`${b}:${org.orgId}`);
        return figures ? [[org.orgName, type(b), ...figureCells(figures)]] : [];
      })),
      widths: widths([34, 14]),
    },
  ];
}
