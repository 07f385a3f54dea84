'use client';

import { Drawer } from 'antd';
import { useTranslations } from 'next-intl';
import { LoanAccountView } from './account-view';

/** A loan of the ledger opened: its account in a drawer (the whole width on a phone). */
export function AccountDrawer({ row, close, changed }: { row: { id: number; number: string; name: string }; close: () => void; changed: () => unknown }) {
  const t = useTranslations('postLoan');
  return (
    <Drawer open onClose={close} size="min(1040px, 100vw)" destroyOnHidden title={t('loan.title', { number: row.number, name: row.name })}>
      <LoanAccountView id={row.id} changed={changed} />
    </Drawer>
  );
}
