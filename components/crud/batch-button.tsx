'use client';

import { Button, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { callPath } from '@/lib/api/client';
import type { Page } from '@/lib/contract/common';
import type { BatchAction } from '@/lib/resources/types';

/**
 * A toolbar action on many rows. With nothing to act on it is disabled and says why: no row
 * selected, or (an action on rows it finds itself, e.g. every failed push) none to find.
 * `listed` changes whenever the table reads its rows again, and the count is read again then.
 */
export function BatchButton<Row>({ action, selected, listed, onRun }: { action: BatchAction<Row>; selected: number; listed: number; onRun: () => void }) {
  const t = useTranslations();
  const { available } = action;
  const { data: found } = useSWR(available ? ['batch-available', action.key, JSON.stringify(available.counts), listed] : null, async () => {
    let total = 0;
    for (const count of available!.counts) total += ((await callPath(count.path, count.body)).data as Page<unknown>).total;
    return total;
  }, { keepPreviousData: true });
  const reason = action.selection !== false && selected === 0 ? t('crud.selectFirst') : available && found === 0 ? t(available.none) : null;
  const button = (
    <Button danger={action.danger} disabled={reason !== null} onClick={onRun}>{t(action.label, { count: selected })}</Button>
  );
  return reason === null ? button : <Tooltip title={reason}>{button}</Tooltip>;
}
