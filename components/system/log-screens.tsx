'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { CallPermission } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { searchPayload, useTableState } from '@/components/crud/use-table-state';
import type { CallPath } from '@/lib/contract/calls';
import { operationLogSpec, signInLogSpec } from '@/lib/resources/logs';
import type { ResourceSpec } from '@/lib/resources/types';

/** A read-only log: the engine's search and table, and the export of the search as it stands in the address. */
function LogScreen<Row extends object>({ spec, exportCall }: { spec: ResourceSpec<Row>; exportCall: CallPath }) {
  const { state } = useTableState(spec.search);
  const payload = () => {
    const { pageNum: _page, pageSize: _size, ...search } = searchPayload(state, spec.search);
    return search;
  };
  const toolbar = <CallPermission call={exportCall}><ExportButton path={exportCall} payload={payload} /></CallPermission>;
  return <CrudScreen spec={spec} extra={toolbar} />;
}

export const OperationLogScreen = () => <LogScreen spec={operationLogSpec} exportCall="operationLog/export" />;
export const SignInLogScreen = () => <LogScreen spec={signInLogSpec} exportCall="loginLog/export" />;
