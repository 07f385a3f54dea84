'use client';

import { Button, Col, Row, Statistic, Table, Tabs, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ApplyStatistics, NamedFigures } from '@/lib/contract/apply-statistics';
import { formatMoney } from '@/components/approval/format';
import { BarChart } from '@/components/statistics/bar-chart';
import { FunnelChart } from '@/components/statistics/charts/funnel-chart';
import { LineChart } from '@/components/statistics/charts/line-chart';
import { PieChart } from '@/components/statistics/charts/pie-chart';
import '@/styles/antd/statistic.generated.css';
import { EmptyState } from '@/components/common/empty-state';
import { SectionTitle } from '@/components/common/section-title';

/** One figure's cases: its label, its count and what narrows the statistics to them. */
export interface ApplyCell { label: string; count: number; filter: Record<string, unknown> }
type Open = (cell: ApplyCell) => void;

const COLORS = { total: '#1677ff', loaned: '#52c41a', refused: '#f5222d' };
const percent = (r: number) => `${(r * 100).toFixed(1)}%`;

/** A count that opens its cases (nothing to open at zero). */
function Count({ cell, open }: { cell: ApplyCell; open: Open }) {
  const t = useTranslations('reports.apply');
  if (cell.count === 0) return <>0</>;
  return <Button type="link" size="small" style={{ padding: 0 }} aria-label={t('openCases', { label: cell.label, count: cell.count })} onClick={() => open(cell)}>{cell.count}</Button>;
}

/** Two columns on a wide screen (chart, table), one on a narrow one. */
const SideBySide = ({ chart, table }: { chart: React.ReactNode; table: React.ReactNode }) => (
  <Row gutter={[24, 16]} style={{ marginBottom: 24 }}>
    <Col xs={24} xl={13}>{chart}</Col>
    <Col xs={24} xl={11}>{table}</Col>
  </Row>
);

export function ApplySections({ data, open }: { data: ApplyStatistics; open: Open }) {
  const t = useTranslations('reports.apply');
  const ta = useTranslations('approval');
  const s = data.summary;
  const cell = (label: string, count: number, filter: Record<string, unknown>) => ({ label, count, filter });
  const figureColumns = (filterOf: (r: { key: string }) => Record<string, unknown>, labelOf: (r: { key: string; name?: string }) => string) => [
    { key: 'total', title: t('total'), align: 'right' as const, render: (_: unknown, r: NamedFigures) => <Count open={open} cell={cell(`${labelOf(r)} · ${t('total')}`, r.total, filterOf(r))} /> },
    { key: 'loaned', title: t('loaned'), align: 'right' as const, render: (_: unknown, r: NamedFigures) => <Count open={open} cell={cell(`${labelOf(r)} · ${t('loaned')}`, r.loaned, { ...filterOf(r), status: 'LOANED' })} /> },
    { key: 'refused', title: t('refused'), align: 'right' as const, render: (_: unknown, r: NamedFigures) => <Count open={open} cell={cell(`${labelOf(r)} · ${t('refused')}`, r.refused, { ...filterOf(r), status: 'REFUSED' })} /> },
    { key: 'loanAmount', title: t('loanAmount'), align: 'right' as const, render: (_: unknown, r: NamedFigures) => formatMoney(r.loanAmount) },
  ];
  const dimension = (key: string, rows: NamedFigures[], filterOf: (r: { key: string }) => Record<string, unknown>) => ({
    key, label: t(`by.${key}`), children: (
      <SideBySide
        chart={<PieChart title={t('chart.share', { dimension: t(`by.${key}`) })} tableCaption={t('chart.table')} categoryTitle={t(`by.${key}`)} valueTitle={t('total')}
          slices={rows.map((r) => ({ label: r.name, value: r.total }))} onSelect={(i) => { const r = rows[i]!; open(cell(r.name, r.total, filterOf(r))); }} />}
        table={<Table<NamedFigures> rowKey="key" size="small" pagination={false} dataSource={rows} scroll={{ x: 'max-content' }}
          columns={[{ key: 'name', title: t(`by.${key}`), dataIndex: 'name' }, ...figureColumns(filterOf, (r) => r.name ?? r.key)]} />} />
    ),
  });
  const series = data.series;
  const seriesRows: NamedFigures[] = series.map((b) => ({ ...b, key: b.bucket, name: b.bucket }));
  const seriesRow = (i: number) => series[i]!;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {([['total', s.total], ['loaned', s.loaned], ['refused', s.refused], ['inReview', s.inReview]] as const).map(([key, value]) => (
          <Col key={key} xs={12} md={6} xl={4}><Statistic title={t(key)} value={value} /></Col>
        ))}
        <Col xs={12} md={6} xl={4}><Statistic title={t('overdueShare')} value={percent(s.overdueShare)} /></Col>
        <Col xs={24} sm={12} md={6} xl={4}><Statistic title={t('loanAmount')} value={formatMoney(s.loanAmount)} /></Col>
      </Row>

      <SectionTitle>{t('sections.series')}</SectionTitle>
      <SideBySide
        chart={<LineChart title={t('chart.series', { from: data.period.dateFrom, to: data.period.dateTo })} tableCaption={t('chart.table')} categoryTitle={t(`units.${data.period.unit}`)}
          categories={series.map((b) => b.bucket)} series={[
            { name: t('total'), values: series.map((b) => b.total), color: COLORS.total },
            { name: t('loaned'), values: series.map((b) => b.loaned), color: COLORS.loaned },
            { name: t('refused'), values: series.map((b) => b.refused), color: COLORS.refused },
          ]} onSelect={(i, j) => { const b = seriesRow(i); const status = [undefined, 'LOANED', 'REFUSED'][j]; open(cell(b.bucket, [b.total, b.loaned, b.refused][j]!, { from: b.from, to: b.to, status })); }} />}
        table={<Table<NamedFigures> rowKey="key" size="small" dataSource={seriesRows} scroll={{ y: 320, x: 'max-content' }} pagination={false} columns={[
          { key: 'bucket', title: t(`units.${data.period.unit}`), dataIndex: 'name' },
          ...figureColumns((r) => { const b = series.find((x) => x.bucket === r.key)!; return { from: b.from, to: b.to }; }, (r) => r.key),
        ]} />} />

      <SectionTitle>{t('sections.funnel')}</SectionTitle>
      <Typography.Paragraph type="secondary">{t('sections.funnelNote')}</Typography.Paragraph>
      <SideBySide
        chart={<FunnelChart title={t('chart.funnel')} tableCaption={t('chart.table')} stepTitle={t('step')} countTitle={t('total')} rateTitle={t('rate')}
          steps={data.funnel.map((f) => ({ label: t(`steps.${f.step}`), count: f.count, rate: f.rate }))}
          onSelect={(i) => { const f = data.funnel[i]!; open(cell(t(`steps.${f.step}`), f.count, { step: f.step })); }} />}
        table={<Table rowKey="step" size="small" pagination={false} dataSource={data.funnel} columns={[
          { key: 'step', title: t('step'), render: (_, f) => t(`steps.${f.step}`) },
          { key: 'count', title: t('total'), align: 'right', render: (_, f) => <Count open={open} cell={cell(t(`steps.${f.step}`), f.count, { step: f.step })} /> },
          { key: 'rate', title: t('rate'), align: 'right', render: (_, f) => percent(f.rate) },
          { key: 'overall', title: t('overall'), align: 'right', render: (_, f) => percent(f.overall) },
        ]} />} />

      <SectionTitle>{t('sections.stageDays')}</SectionTitle>
      <SideBySide
        chart={<BarChart title={t('chart.stageDays')} tableCaption={t('chart.table')} categoryTitle={t('stage')} format={(v) => v.toFixed(1)}
          categories={data.stageDays.map((d) => ta(`stage.${d.stage}`))} series={[{ name: t('averageDays'), values: data.stageDays.map((d) => d.average), color: '#722ed1' }]} />}
        table={<Table rowKey="stage" size="small" pagination={false} dataSource={data.stageDays} columns={[
          { key: 'stage', title: t('stage'), render: (_, d) => ta(`stage.${d.stage}`) },
          { key: 'count', title: t('handled'), align: 'right', render: (_, d) => <Count open={open} cell={cell(ta(`stage.${d.stage}`), d.count, { stage: d.stage })} /> },
          { key: 'average', title: t('averageDays'), align: 'right', render: (_, d) => d.average.toFixed(2) },
        ]} />} />

      <SectionTitle>{t('sections.refusals')}</SectionTitle>
      <SideBySide
        chart={data.refusals.length === 0 ? <Typography.Text type="secondary">{t('noRefusals')}</Typography.Text> : (
          <PieChart title={t('chart.refusals')} tableCaption={t('chart.table')} categoryTitle={t('reason')} valueTitle={t('refused')}
            slices={data.refusals.map((r) => ({ label: r.reason, value: r.count }))}
            onSelect={(i) => { const r = data.refusals[i]!; open(cell(r.reason, r.count, { refuseReasonId: r.reasonId })); }} />
        )}
        table={<Table rowKey="reasonId" size="small" pagination={false} dataSource={data.refusals} locale={{ emptyText: <EmptyState description={t('noRefusals')} /> }} columns={[
          { key: 'reason', title: t('reason'), dataIndex: 'reason' },
          // The figures keep their headers whole beside a long reason.
          { key: 'count', title: t('refused'), align: 'right', width: 88, render: (_, r) => <Count open={open} cell={cell(r.reason, r.count, { refuseReasonId: r.reasonId })} /> },
          { key: 'share', title: t('share'), align: 'right', width: 72, render: (_, r) => percent(r.share) },
        ]} />} />

      <Typography.Paragraph>
        {t('overdueLine', { overdue: s.overdue, inReview: s.inReview, share: percent(s.overdueShare) })}{' '}
        <Count open={open} cell={cell(t('overdue'), s.overdue, { overdue: true })} />
      </Typography.Paragraph>

      <Tabs items={[
        dimension('region', data.byRegion, (r) => ({ region: r.key })),
        dimension('borrowerType', data.byBorrowerType, (r) => ({ borrowerType: r.key })),
        dimension('clientGroup', data.byClientGroup, (r) => (r.key === '0' ? {} : { clientGroupId: Number(r.key) })),
        dimension('product', data.byProduct, (r) => (r.key === '0' ? {} : { productId: Number(r.key) })),
      ]} />
    </>
  );
}

