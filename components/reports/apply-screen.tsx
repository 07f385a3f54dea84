'use client';

import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/**
 * 申请统计: applications by period, region, borrower type, client group and product, the
 * funnel, working days per stage, refusals and the overdue share; charts with their tables,
 * filters in the address, every figure opening its cases, the .xlsx export.
 */
export const ApplyStatisticsScreen = browserPart<object>(
  () => import('./apply-screen-body').then((m) => m.ApplyStatisticsScreenBody),
  () => <LoadingCard title="reports.apply.title" />,
);
