'use client';

import { useMemo } from 'react';
import type { LedgerRow } from '@/lib/contract/loans';
import { LEDGER_EXPORT, ledgerSpec } from '@/lib/resources/ledger';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { searchPayload, useTableState } from '@/components/crud/use-table-state';
import { CallPermission } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { lazyPart } from '@/components/common/lazy-part';

/** The loan's account, downloaded when a loan is first opened. */
const AccountDrawer = lazyPart(() => import('./account-drawer').then((m) => m.AccountDrawer));

/**
 * The post-loan ledger 贷后台账: the loans the user's organisation sees, searched with the
 * filters in the URL, exported as they are searched (postLoan::export); a row opens its account.
 */
export function Ledger() {
  const { state } = useTableState(ledgerSpec.search);
  const dialogs = useMemo<RowDialogs<LedgerRow>>(() => ({
    account: ({ row, close, refresh }) => <AccountDrawer row={row} close={close} changed={refresh} />,
  }), []);
  const exportPayload = () => {
    const { pageNum: _page, pageSize: _size, ...filters } = searchPayload(state, ledgerSpec.search);
    return filters;
  };
  const toolbar = (
    <CallPermission call={LEDGER_EXPORT}>
      <ExportButton path={LEDGER_EXPORT} payload={exportPayload} label="postLoan.ledger.export" />
    </CallPermission>
  );
  return <CrudScreen spec={ledgerSpec} dialogs={dialogs} extra={toolbar} />;
}
