'use client';

import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/contract/limits';
import type { CallInput, CallPath } from '@/lib/contract/calls';
import { useCall } from './use-call';

/**
 * A server-paged list of a drawer (beside a screen whose own table holds the address): its
 * filters and page in local state, and the table's pagination.
 */
export function usePaged<P extends CallPath>(path: P, filters: Record<string, unknown>, totalText: (total: number, capped: boolean) => string) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const result = useCall(path, { ...filters, ...page } as CallInput<P>);
  const data = result.data as { list: unknown[]; total: number; capped?: boolean } | undefined;
  const pagination = {
    current: page.pageNum, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (total: number) => totalText(total, !!data?.capped),
    onChange: (pageNum: number, pageSize: number) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
  };
  return { ...result, pagination, firstPage: () => setPage((p) => ({ ...p, pageNum: 1 })) };
}
