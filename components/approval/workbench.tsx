'use client';

import { HomeOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { HOUSE_EDIT, ROW_ACTIONS, WORKBENCH_EXPORT, WORKBENCH_TURN_OVER, workbenchSpec } from '@/lib/resources/workbench';
import { STAGE_INFO, type Stage } from '@/lib/workflow/stages';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { CallPermission, useCallAllowed } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { searchPayload, useTableState } from '@/components/crud/use-table-state';
import { lazyPart } from '@/components/common/lazy-part';
import type { ActionKey } from './action-dialogs';
import { ActionDialog, DetailDrawer } from './lazy-parts';
import { useCall, useWorkflowRefresh } from './use-call';

/** The mortgage stage's house register, downloaded when opened (the workbench's first load stays as it was). */
const HouseRecords = lazy(() => import('./house-records').then((m) => ({ default: m.HouseRecords })));
/** The turn-over dialog, downloaded when opened. */
const TurnOverDialog = lazyPart(() => import('./turn-over-dialog').then((m) => m.TurnOverDialog));
const ACTION_KEYS = ROW_ACTIONS.filter((key): key is ActionKey => key !== 'detail');

/** Cases waiting at the stage for the user's organisations (the bank has its own count). */
function PendingCount({ stage }: { stage: Stage }) {
  const t = useTranslations('approval');
  const path = STAGE_INFO[stage].orgType === 'BANK' ? 'businessClubFirstTrial/bankApprovalPendingCount' : 'businessClubFirstTrial/approvalPendingCount';
  const { data } = useCall(path);
  if (!data) return null;
  const count = data[stage] ?? 0;
  return <Tag color={count > 0 ? 'blue' : 'default'}>{t('pendingCount', { count })}</Tag>;
}

/**
 * The workbench of one review stage: the crud engine's search form and server-paged table
 * (filters in the URL) over the stage's cases, the row actions the stage, the user's
 * permissions and the row allow, the detail drawer, and the toolbar's turn-over.
 */
export function Workbench({ stage }: { stage: Stage }) {
  const t = useTranslations('approval');
  const spec = useMemo(() => workbenchSpec(stage), [stage]);
  const refreshAll = useWorkflowRefresh();
  const [turningOver, setTurningOver] = useState(false);
  const [houses, setHouses] = useState(false);
  const allowed = useCallAllowed();
  const th = useTranslations('casework.house');
  // The export takes the search as it stands in the address (the table's own state), without paging.
  const { state } = useTableState(spec.search);
  const exportPayload = () => {
    const { pageNum: _page, pageSize: _size, ...search } = searchPayload(state, spec.search);
    return { ...spec.params, ...search };
  };

  const dialogs = useMemo<RowDialogs<ApplicationRow>>(() => {
    const map: RowDialogs<ApplicationRow> = {
      detail: ({ row, close }) => <DetailDrawer stage={stage} row={row} close={close} refresh={refreshAll} />,
    };
    for (const key of ACTION_KEYS) {
      map[key] = ({ row, close }) => <ActionDialog action={key} stage={stage} row={row} close={close} refresh={refreshAll} />;
    }
    return map;
  }, [stage, refreshAll]);

  const toolbar = (
    <Space>
      <PendingCount stage={stage} />
      {stage === 'GC_HOUSE' && <Button icon={<HomeOutlined />} onClick={() => setHouses(true)}>{th('open')}</Button>}
      <CallPermission call={WORKBENCH_TURN_OVER} input={{ stage }}>
        <Button icon={<SwapOutlined />} onClick={() => setTurningOver(true)}>{t('actions.turnOver')}</Button>
      </CallPermission>
      <CallPermission call={WORKBENCH_EXPORT} input={{ stage }}>
        <ExportButton path={WORKBENCH_EXPORT} payload={exportPayload} />
      </CallPermission>
    </Space>
  );
  return (
    <>
      <CrudScreen spec={spec} dialogs={dialogs} extra={toolbar} />
      {houses && <Suspense fallback={null}><HouseRecords canEdit={allowed(HOUSE_EDIT)} close={() => setHouses(false)} /></Suspense>}
      {turningOver && <TurnOverDialog stage={stage} close={() => setTurningOver(false)} refresh={refreshAll} />}
    </>
  );
}
