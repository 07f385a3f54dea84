'use client';

import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/**
 * 报表: the monthly report the bureau files, per region and month: loans issued, people
 * supported, jobs created (the employees behind each count), the banks, where the loans issued
 * stand now, the interest subsidy owed, claimed and paid by month of repayment, and the guarantee
 * companies' balances against their quotas. Printable on A4 and exported as .xlsx.
 */
export const ReportScreen = browserPart<object>(
  () => import('./report-screen-body').then((m) => m.ReportScreenBody),
  () => <LoadingCard title="reports.report.title" />,
);
