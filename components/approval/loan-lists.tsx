'use client';

import { useMemo } from 'react';
import type { PublishedRow, SpouseRow } from '@/lib/contract/loan-lists';
import { publishSpec, spouseSpec } from '@/lib/resources/loan-lists';
import { STAGES, STAGE_INFO } from '@/lib/workflow/stages';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { useShell } from '@/components/shell/shell-context';
import { DetailDrawer } from './lazy-parts';
import { useWorkflowRefresh } from './use-call';

/** Pages whose holders may read an application's details (the service's ANY_CASE_READER). */
const CASE_PAGES = [...STAGES.map((stage) => STAGE_INFO[stage].path), '/admin/home/loan', '/admin/home/spouse'];

/** The proposers' spouses; a row opens its application's details. */
export function SpouseList() {
  const refresh = useWorkflowRefresh();
  const dialogs = useMemo<RowDialogs<SpouseRow>>(() => ({
    detail: ({ row, close }) => (
      <DetailDrawer stage={null} row={{ id: row.applicationId, number: row.number, name: row.proposer }} close={close} refresh={refresh} />
    ),
  }), [refresh]);
  return <CrudScreen spec={spouseSpec} dialogs={dialogs} />;
}

/** The published information: approved and loaned cases as notices; readers of the workflow open their details. */
export function PublishList() {
  const { canOpen } = useShell();
  const refresh = useWorkflowRefresh();
  const readsCases = CASE_PAGES.some(canOpen);
  const spec = useMemo(() => publishSpec(readsCases), [readsCases]);
  const dialogs = useMemo<RowDialogs<PublishedRow>>(() => ({
    detail: ({ row, close }) => <DetailDrawer stage={null} row={row} close={close} refresh={refresh} />,
  }), [refresh]);
  return <CrudScreen spec={spec} dialogs={dialogs} />;
}
