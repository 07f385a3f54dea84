'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

/** The statistics' filters as the address holds them (a tab, a reload or a link comes back to them). */
export interface StatisticsFilters { dateFrom?: string; dateTo?: string; orgId?: number; borrowerType?: string }

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function useStatisticsFilters() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const filters = useMemo<StatisticsFilters>(() => {
    const value: StatisticsFilters = {};
    const from = params.get('dateFrom'), to = params.get('dateTo'), org = params.get('orgId'), type = params.get('borrowerType');
    if (from && DATE.test(from)) value.dateFrom = from;
    if (to && DATE.test(to)) value.dateTo = to;
    if (org && /^\d{1,9}$/.test(org)) value.orgId = Number(org);
    if (type) value.borrowerType = type;
    return value;
  }, [params]);
  const update = useCallback((next: StatisticsFilters) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined && value !== '') query.set(key, String(value));
    const qs = query.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }, [pathname, router]);
  return { filters, update };
}
