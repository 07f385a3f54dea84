'use client';

import { useLocale } from 'next-intl';
import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { api } from '@/lib/api/client';
import type { CallInput, CallOutput, CallPath } from '@/lib/contract/calls';

/**
 * A read call of the workflow, cached by path, body and language (null path: not now): the
 * service words some answers in the reader's language (statuses, names), so a change of
 * language reads them again.
 */
export function useCall<P extends CallPath>(path: P | null, body: CallInput<P> = {} as CallInput<P>, method: 'GET' | 'POST' = 'POST') {
  const locale = useLocale();
  return useSWR<CallOutput<P>>(path ? [path, JSON.stringify(body), method, locale] : null, () => api(path!, body, { method }));
}

/** Modules whose answers an action can change: lists, counts, details, records. */
const WORKFLOW_CALL = /^(businessClubFirstTrial|businessApproveRecord)\//;

/** Reloads everything an action may have changed (every workbench list, the counts and the menu's badges, open details). */
export function useWorkflowRefresh() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => {
    const path: unknown = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && WORKFLOW_CALL.test(path);
  }), [mutate]);
}
