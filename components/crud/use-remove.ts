'use client';

import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { callPath } from '@/lib/api/client';
import type { CallPath } from '@/lib/contract/calls';

/**
 * The delete helper of SPEC.md section 7: asks 'confirm deleting this data?' (or the
 * selected-data variant), says 'deletion cancelled' on cancel, calls delete with each id,
 * shows the server's message and refreshes.
 */
export function useRemove(path: CallPath | undefined, refresh: () => unknown) {
  const t = useTranslations();
  const { modal, message } = App.useApp();
  return useCallback((bodies: Record<string, unknown>[]) => new Promise<boolean>((resolve) => {
    modal.confirm({
      title: t(bodies.length > 1 ? 'crud.confirmDeleteSelected' : 'crud.confirmDelete', { count: bodies.length }),
      okType: 'danger',
      okText: t('crud.delete'),
      onCancel: () => {
        void message.info(t('errors.deleteCancelled'));
        resolve(false);
      },
      onOk: async () => {
        let last = '';
        try {
          for (const body of bodies) if (path) last = (await callPath(path, body)).message;
          void message.success(last);
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
