'use client';

import { Alert, Card, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ApplyStatisticsInput } from '@/lib/contract/apply-statistics';
import { CallPermission } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { useCall } from '@/components/approval/use-call';
import { UnfoldDrawer } from '@/components/statistics/unfold-drawer';
import { ApplyFilterForm } from './apply-filter-form';
import { ApplySections, type ApplyCell } from './apply-sections';
import { useUrlFilters } from './use-url-filters';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,9}$/;
const PATTERNS = { dateFrom: DAY, dateTo: DAY, unit: /^(day|week|month)$/, region: /^\d{6}$/, borrowerType: /^[A-Z_]{1,16}$/, clientGroupId: ID, productId: ID };
const NUMERIC = ['clientGroupId', 'productId'] as const;

/** The screen itself (see ApplyStatisticsScreen): downloaded beside the shell's hydration, not in the page's first load. */
export function ApplyStatisticsScreenBody() {
  const t = useTranslations('reports.apply');
  const { filters, update } = useUrlFilters(PATTERNS, NUMERIC);
  const body = filters as ApplyStatisticsInput;
  const { data, isLoading, error } = useCall('applyStatistics/form', body);
  const [cell, setCell] = useState<ApplyCell | null>(null);
  const extra = (
    <CallPermission call="applyStatistics/export">
      <ExportButton path="applyStatistics/export" payload={() => body} label="reports.apply.export" />
    </CallPermission>
  );
  return (
    <Card title={t('title')} extra={extra}>
      <ApplyFilterForm filters={filters} data={data} onSearch={update} />
      {error && !data ? <Alert type="error" showIcon title={t('failed')} />
        : isLoading || !data ? <Skeleton active paragraph={{ rows: 10 }} /> : <ApplySections data={data} open={setCell} />}
      {cell && data && (
        <UnfoldDrawer path="applyStatistics/unfold" cell={cell} close={() => setCell(null)}
          filters={{ ...body, dateFrom: data.period.dateFrom, dateTo: data.period.dateTo, unit: data.period.unit }} />
      )}
    </Card>
  );
}
