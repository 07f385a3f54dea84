'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { INTAKE_PERMISSION, loanQuerySpec } from '@/lib/resources/loan-query';
import type { Viewer } from '@/lib/resources/workbench';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { Permission } from '@/components/access/permission';
import { IntakeDialog } from '@/components/intake/intake-dialog';
import { DetailDrawer } from './detail-drawer';
import { useWorkflowRefresh } from './use-call';

/**
 * The loan query: the workbenches' list over every case the user may see, its rows opening
 * the same detail drawer (with the actions of the stage the case is at), and the intake.
 */
export function LoanQuery({ userId }: { userId: number | null }) {
  const t = useTranslations('intake');
  const viewer = useMemo<Viewer>(() => ({ userId }), [userId]);
  const refreshAll = useWorkflowRefresh();
  const [entering, setEntering] = useState(false);
  const dialogs = useMemo<RowDialogs<ApplicationRow>>(() => ({
    detail: ({ row, close }) => <DetailDrawer stage={row.stage} row={row} viewer={viewer} close={close} refresh={refreshAll} />,
  }), [viewer, refreshAll]);
  const toolbar = (
    <Permission code={INTAKE_PERMISSION}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEntering(true)}>{t('open')}</Button>
    </Permission>
  );
  return (
    <>
      <CrudScreen spec={loanQuerySpec} dialogs={dialogs} extra={toolbar} />
      {entering && <IntakeDialog close={() => setEntering(false)} done={refreshAll} />}
    </>
  );
}
