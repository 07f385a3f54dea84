'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import { browserPart } from '@/components/common/lazy-part';

/** What the server sends and the page shows until the screen's code has come: its card, loading. */
function Skeleton() {
  const t = useTranslations('reports.report');
  return <Card title={t('title')} loading />;
}

/**
 * 报表: the monthly report the bureau files, per region and month: loans issued, people
 * supported, jobs created (the employees behind each count), subsidy owed, the banks, and the
 * guarantee companies' balances against their quotas. Printable on A4 and exported as .xlsx.
 */
export const ReportScreen = browserPart<object>(
  () => import('./report-screen-body').then((m) => m.ReportScreenBody),
  () => <Skeleton />,
);
