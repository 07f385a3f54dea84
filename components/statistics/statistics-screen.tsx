'use client';

import type { StatisticsSide } from '@/lib/workflow/statistics';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/**
 * A statistics page (guarantee-statistics counts by guarantee company, bank-statistics by
 * bank): filters in the address, summary cards, tables per organisation, month, stage and
 * status, a chart of the months, borrower types, the applications behind any count, exports.
 */
export const StatisticsScreen = browserPart<{ side: StatisticsSide }>(
  () => import('./statistics-screen-body').then((m) => m.StatisticsScreenBody),
  ({ side }) => <LoadingCard title={`statistics.title.${side}`} />,
);
