'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import type { StatisticsSide } from '@/lib/workflow/statistics';
import { browserPart } from '@/components/common/lazy-part';

/** What the server sends and the page shows until the screen's code has come: its card, loading. */
function Skeleton({ side }: { side: StatisticsSide }) {
  const t = useTranslations('statistics');
  return <Card title={t(`title.${side}`)} loading />;
}

/**
 * A statistics page (guarantee-statistics counts by guarantee company, bank-statistics by
 * bank): filters in the address, summary cards, tables per organisation, month, stage and
 * status, a chart of the months, borrower types, the applications behind any count, exports.
 */
export const StatisticsScreen = browserPart<{ side: StatisticsSide }>(
  () => import('./statistics-screen-body').then((m) => m.StatisticsScreenBody),
  (props) => <Skeleton {...props} />,
);
