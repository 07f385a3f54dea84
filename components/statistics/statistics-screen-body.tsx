'use client';

import { Card, Skeleton, Space, Table, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { StatisticsForm } from '@/lib/contract/statistics';
import type { StatisticsSide } from '@/lib/workflow/statistics';
import { CallPermission } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { formatMoney } from '@/components/approval/format';
import { useCall } from '@/components/approval/use-call';
import { BarChart } from './bar-chart';
import { BorrowerTypes } from './borrower-types';
import type { Cell } from './cell';
import { FiguresTable } from './figures-table';
import { FilterForm } from './filter-form';
import { SubsidyTab } from './subsidy-tab';
import { SummaryCards } from './summary-cards';
import { UnfoldDrawer } from './unfold-drawer';
import { useStatisticsFilters } from './use-statistics-filters';
import { EmptyState } from '@/components/common/empty-state';

const FORM = 'businessClubFirstTrial/statisticsForm';
const COLORS = { applications: '#1677ff', loans: '#52c41a' };

/** The screen itself (see StatisticsScreen): downloaded beside the shell's hydration, not in the page's first load. */
export function StatisticsScreenBody({ side }: { side: StatisticsSide }) {
  const t = useTranslations();
  const { filters, update } = useStatisticsFilters();
  const body = { side, ...filters };
  const { data, isLoading } = useCall(FORM, body);
  const [cell, setCell] = useState<Cell | null>(null);
  const open = (c: Cell) => setCell(c);
  const extra = (
    <CallPermission call="businessClubFirstTrial/statisticsFormExport" input={{ side }}>
      <ExportButton path="businessClubFirstTrial/statisticsFormExport" payload={() => body} label="statistics.exportAll" />
    </CallPermission>
  );
  return (
    <Card title={t(`statistics.title.${side}`)} extra={extra}>
      <FilterForm side={side} filters={filters} period={data?.period} orgs={data?.orgs ?? []} onSearch={update} />
      {isLoading || !data ? <Skeleton active paragraph={{ rows: 8 }} /> : <Figures side={side} data={data} filters={body} open={open} />}
      {cell && data && <UnfoldDrawer cell={cell} filters={{ ...body, ...data.period }} close={() => setCell(null)} />}
    </Card>
  );
}

function Figures({ side, data, filters, open }: { side: StatisticsSide; data: StatisticsForm; filters: Record<string, unknown>; open: (cell: Cell) => void }) {
  const t = useTranslations();
  const { dateFrom, dateTo } = data.period;
  const months = data.byMonth;
  const stageColumns = [
    { key: 'stage', title: t('statistics.stage'), render: (_: unknown, r: StatisticsForm['byStage'][number]) => t(`approval.stage.${r.stage}`) },
    { key: 'count', title: t('statistics.figures.inReview'), align: 'right' as const, dataIndex: 'count' },
    { key: 'amount', title: t('statistics.figures.amount'), align: 'right' as const, render: (_: unknown, r: { amount: number }) => formatMoney(r.amount) },
    { key: 'overdue', title: t('statistics.figures.overdue'), align: 'right' as const, dataIndex: 'overdue' },
  ];
  const statusColumns = [
    { key: 'status', title: t('statistics.status'), render: (_: unknown, r: StatisticsForm['byStatus'][number]) => t(`approval.status.${r.status}`) },
    { key: 'count', title: t('statistics.figures.total'), align: 'right' as const, dataIndex: 'count' },
    { key: 'amount', title: t('statistics.figures.amount'), align: 'right' as const, render: (_: unknown, r: { amount: number }) => formatMoney(r.amount) },
  ];
  const money = (key: 'outstanding' | 'overdue' | 'compensated' | 'recovered') => ({
    key, title: t(`statistics.afterIssue.${key}`), align: 'right' as const, render: (_: unknown, r: StatisticsForm['afterIssue'][number]) => formatMoney(r[key]),
  });
  const afterColumns = [
    { key: 'org', title: t(`statistics.orgOf.${side}`), dataIndex: 'orgName' },
    { key: 'loans', title: t('statistics.afterIssue.loans'), align: 'right' as const, dataIndex: 'loans' },
    money('outstanding'),
    { key: 'overdueLoans', title: t('statistics.afterIssue.overdueLoans'), align: 'right' as const, dataIndex: 'overdueLoans' },
    money('overdue'), money('compensated'), money('recovered'),
  ];
  return (
    <>
      <SummaryCards summary={data.summary} />
      <Tabs items={[
        {
          key: 'org', label: t('statistics.tabs.org'),
          children: <FiguresTable firstTitle={t(`statistics.orgOf.${side}`)} total={data.summary} onOpen={open}
            rows={data.byOrg.map((r) => ({ key: String(r.orgId), label: r.orgName, figures: r, filter: { orgId: r.orgId } }))} />,
        },
        {
          key: 'month', label: t('statistics.tabs.month'),
          children: (
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              {data.summary.total === 0 ? <EmptyState description={t('statistics.chart.empty')} /> : (
                <BarChart timeline title={t('statistics.chart.title', { from: dateFrom, to: dateTo })} categoryTitle={t('statistics.month')}
                  tableCaption={t('statistics.chart.table')} categories={months.map((m) => m.month)} series={[
                    { name: t('statistics.chart.applications'), values: months.map((m) => m.total), color: COLORS.applications },
                    { name: t('statistics.chart.loans'), values: months.map((m) => m.loaned), color: COLORS.loans },
                  ]} />
              )}
              <FiguresTable firstTitle={t('statistics.month')} total={data.summary} onOpen={open}
                rows={months.map((m) => ({ key: m.month, label: m.month, figures: m, filter: { month: m.month } }))} />
            </Space>
          ),
        },
        {
          key: 'stage', label: t('statistics.tabs.stage'),
          children: <Table rowKey="stage" size="small" pagination={false} columns={stageColumns} dataSource={data.byStage} />,
        },
        {
          key: 'status', label: t('statistics.tabs.status'),
          children: <Table rowKey="status" size="small" pagination={false} columns={statusColumns} dataSource={data.byStatus} />,
        },
        { key: 'type', label: t('statistics.tabs.borrowerType'), children: <BorrowerTypes side={side} filters={filters} /> },
        {
          key: 'afterIssue', label: t('statistics.tabs.afterIssue'),
          children: <Table rowKey="orgId" size="small" pagination={false} columns={afterColumns} dataSource={data.afterIssue} scroll={{ x: 'max-content' }}
            locale={{ emptyText: <EmptyState description={t('statistics.afterIssue.empty')} /> }} />,
        },
        ...(data.subsidy ? [{ key: 'subsidy', label: t('statistics.tabs.subsidy'), children: <SubsidyTab subsidy={data.subsidy} oneBank={data.orgs.length === 1} /> }] : []),
      ]} />
    </>
  );
}
