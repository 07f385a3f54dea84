'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

/** Which address parameters a report reads, each with the pattern a value must match to count. */
export type FilterPatterns = Record<string, RegExp>;

/** A report's filters as the address holds them (a tab, a reload or a link comes back to them); numbers for numeric patterns. */
export function useUrlFilters(patterns: FilterPatterns, numeric: readonly string[] = []) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const filters = useMemo(() => {
    const value: Record<string, string | number> = {};
    for (const [key, pattern] of Object.entries(patterns)) {
      const raw = params.get(key);
      if (raw && pattern.test(raw)) value[key] = numeric.includes(key) ? Number(raw) : raw;
    }
    return value;
  }, [params, patterns, numeric]);
  const update = useCallback((next: Record<string, string | number | undefined>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined && value !== '') query.set(key, String(value));
    const qs = query.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }, [pathname, router]);
  return { filters, update };
}
