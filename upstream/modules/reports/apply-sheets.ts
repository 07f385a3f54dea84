import type { Translate } from '../../core/i18n';
import { dayCell, monthCell, type Cell, type Sheet } from '../../core/xlsx';
import type { ApplyFigures, ApplyStatistics, NamedFigures } from '../../../lib/contract/apply-statistics';

/** A bucket of the series: a month or a day as a date cell, any other (a week) as its label. */
const bucketCell = (bucket: string): Cell => (/^\d{4}-\d{2}$/.test(bucket) ? monthCell(bucket) : dayCell(bucket));

/** The sheets of the application statistics' export, headed in the caller's language. */
export function applySheets(data: ApplyStatistics, t: Translate): Sheet[] {
  const h = (key: string) => t(`reports.apply.${key}`);
  const figureHeader = [h('total'), h('loaned'), h('refused'), h('amount'), h('loanAmount')];
  const cells = (f: ApplyFigures): Cell[] => [f.total, f.loaned, f.refused, f.amount, f.loanAmount];
  const dimension = (name: string, first: string, rows: NamedFigures[]): Sheet => ({
    name, header: [first, ...figureHeader], rows: rows.map((r) => [r.name, ...cells(r)]), widths: [30, 10, 10, 10, 16, 16],
  });
  const period = `${data.period.dateFrom} ~ ${data.period.dateTo}`;
  return [
    {
      name: h('sheets.series'), header: [h(`unit.${data.period.unit}`), h('from'), h('to'), ...figureHeader],
      rows: [...data.series.map((s) => [bucketCell(s.bucket), dayCell(s.from), dayCell(s.to), ...cells(s)]), [`${h('all')} (${period})`, '', '', ...cells(data.summary)]],
      widths: [14, 12, 12, 10, 10, 10, 16, 16],
    },
    {
      name: h('sheets.funnel'), header: [h('step'), h('count'), h('rate'), h('overall')],
      rows: data.funnel.map((f) => [h(`steps.${f.step}`), f.count, f.rate, f.overall]), widths: [20, 12, 12, 12],
    },
    {
      name: h('sheets.stageDays'), header: [h('stage'), h('count'), h('averageDays')],
      rows: data.stageDays.map((s) => [t(`approval.stage.${s.stage}`), s.count, s.average]), widths: [18, 12, 16],
    },
    {
      name: h('sheets.refusals'), header: [h('reason'), h('count'), h('share')],
      rows: data.refusals.map((r) => [r.reason, r.count, r.share]), widths: [40, 12, 12],
    },
    {
      name: h('sheets.overdue'), header: [h('inReview'), h('overdue'), h('overdueShare')],
      rows: [[data.summary.inReview, data.summary.overdue, data.summary.overdueShare]], widths: [14, 14, 14],
    },
    dimension(h('sheets.region'), h('region'), data.byRegion),
    dimension(h('sheets.borrowerType'), h('borrowerType'), data.byBorrowerType),
    dimension(h('sheets.clientGroup'), h('clientGroup'), data.byClientGroup),
    dimension(h('sheets.product'), h('product'), data.byProduct),
  ];
}
