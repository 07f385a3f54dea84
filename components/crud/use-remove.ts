'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { callPath } from '@/lib/api/client';
import type { CallPath } from '@/lib/contract/calls';
import { useApp } from '@/components/providers/app-notices';

/**
 * The delete helper of SPEC.md section 7: asks 'confirm deleting this data?' (or, for the
 * selected rows, the selected-data variant), says 'deletion cancelled' on cancel, makes ONE
 * call (a row's `{ id }`, or the batch's `{ ids }` that the service applies all or nothing),
 * shows the server's message and refreshes.
 */
export function useRemove(path: CallPath | undefined, refresh: () => unknown) {
  const t = useTranslations();
  const { modal, message } = useApp();
  return useCallback((body: Record<string, unknown>, selected?: number) => new Promise<boolean>((resolve) => {
    modal.confirm({
      title: selected === undefined ? t('crud.confirmDelete') : t('crud.confirmDeleteSelected', { count: selected }),
      okType: 'danger',
      okText: t('crud.delete'),
      onCancel: () => {
        void message.info(t('errors.deleteCancelled'));
        resolve(false);
      },
      onOk: async () => {
        if (!path) return resolve(false);
        try {
          const { message: text } = await callPath(path, body);
          void message.success(text);
          resolve(true);
        } catch {
          resolve(false);
        } finally {
          await refresh();
        }
      },
    });
  }), [t, modal, message, path, refresh]);
}
