'use client';

import { useMemo } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { STAGES, STAGE_INFO } from '@/lib/workflow/stages';

const PENDING_KEY = 'businessClubFirstTrial/approvalPendingCount';
const PENDING_POLL_MS = 30_000;

/**
 * Cases waiting at each workbench page for the user's organisations, by page path, for the
 * menu badges. Asked only when the menu holds a workbench; refreshed every 30 seconds and
 * whenever an action mutates PENDING_KEY.
 */
export function usePendingCounts(enabled: boolean): Record<string, number> {
  const { data } = useSWR(enabled ? PENDING_KEY : null, () => api(PENDING_KEY, {}, { silent: true }), {
    refreshInterval: PENDING_POLL_MS, revalidateOnFocus: true,
  });
  return useMemo(() => Object.fromEntries(STAGES.map((stage) => [STAGE_INFO[stage].path, data?.[stage] ?? 0])), [data]);
}
