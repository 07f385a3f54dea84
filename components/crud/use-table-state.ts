'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@/lib/contract/limits';
import type { FieldSpec } from '@/lib/resources/types';
import { fieldParams, filtersToPayload } from './field-values';

export interface TableState {
  pageNum: number;
  pageSize: number;
  /** 'key' ascending, '-key' descending, undefined for the natural order. */
  order: string | undefined;
  /** The search form as it stands in the URL. */
  filters: Record<string, string>;
}

/**
 * Table state kept in the URL (DESIGN.md section 8.6), so a tab, a reload or a shared link
 * comes back to the same filters, page and order. Pages and sizes are sanitised.
 */
export function useTableState(search: FieldSpec[]) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const state = useMemo<TableState>(() => {
    const size = Number(params.get('pageSize'));
    const page = Number(params.get('pageNum'));
    const filters: Record<string, string> = {};
    for (const name of search.flatMap(fieldParams)) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    return {
      pageNum: Number.isInteger(page) && page >= 1 ? page : FIRST_PAGE,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      order: params.get('order') || undefined,
      filters,
    };
  }, [params, search]);

  const update = useCallback((patch: Partial<TableState>) => {
    const next = { ...state, ...patch, filters: patch.filters ?? state.filters };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(next.filters)) if (value) query.set(name, value);
    if (next.pageNum !== FIRST_PAGE) query.set('pageNum', String(next.pageNum));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(next.pageSize));
    if (next.order) query.set('order', next.order);
    const qs = query.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }, [state, pathname, router]);

  return { state, update };
}

/** The search call's payload: page, size, order and the filters, typed by their field's kind. */
export function searchPayload(state: TableState, search: FieldSpec[]): Record<string, unknown> {
  return { pageNum: state.pageNum, pageSize: state.pageSize, ...(state.order ? { order: state.order } : {}), ...filtersToPayload(search, state.filters) };
}
