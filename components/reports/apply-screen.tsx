'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import { browserPart } from '@/components/common/lazy-part';

/** What the server sends and the page shows until the screen's code has come: its card, loading. */
function Skeleton() {
  const t = useTranslations('reports.apply');
  return <Card title={t('title')} loading />;
}

/**
 * 申请统计: applications by period, region, borrower type, client group and product, the
 * funnel, working days per stage, refusals and the overdue share; charts with their tables,
 * filters in the address, every figure opening its cases, the .xlsx export.
 */
export const ApplyStatisticsScreen = browserPart<object>(
  () => import('./apply-screen-body').then((m) => m.ApplyStatisticsScreenBody),
  () => <Skeleton />,
);
