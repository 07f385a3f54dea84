'use client';

import { useLocale } from 'next-intl';
import useSWR from 'swr';
import { callPath } from '@/lib/api/client';
import type { CallPath } from '@/lib/contract/calls';
import type { ColumnSpec, Option } from '@/lib/resources/types';

/** The answer of an option call, cached under the same key the search form's selects use (with the language its labels are in). */
export function useOptionCall(path: CallPath | null, body: Record<string, unknown> = {}) {
  const locale = useLocale();
  return useSWR(path ? [path, JSON.stringify(body), locale] : null, async () => (await callPath(path!, body, { silent: true })).data);
}

/**
 * Columns whose options come from a call (e.g. the status dictionary): their options once it
 * answered (labels shown as they come), their fixed ones (message keys) until then.
 */
export function useColumnSources<Row>(columns: ColumnSpec<Row>[]): ColumnSpec<Row>[] {
  const source = columns.find((c) => c.source)?.source ?? null;
  const { data } = useOptionCall(source?.path ?? null, source?.body);
  if (!source || data === undefined) return columns;
  const options: Option[] = source.toOptions(data);
  return columns.map((c) => (c.source?.path === source.path ? { ...c, options, literal: true } : c));
}
