'use client';

import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { INTAKE, loanQuerySpec } from '@/lib/resources/loan-query';
import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import { CallPermission } from '@/components/access/permission';
import { lazyPart } from '@/components/common/lazy-part';
import { DetailDrawer } from './lazy-parts';
import { useWorkflowRefresh } from './use-call';

/** The approval-record search, downloaded when opened. */
const RecordSearch = lazy(() => import('./record-search').then((m) => ({ default: m.RecordSearch })));
/** The intake form, downloaded when opened. */
const IntakeDialog = lazyPart(() => import('@/components/intake/intake-dialog').then((m) => m.IntakeDialog));

/**
 * The loan query: the workbenches' list over every case the user may see, its rows opening
 * the same detail drawer (with the actions of the stage the case is at), the search of the
 * approval records, and the intake.
 */
export function LoanQuery() {
  const t = useTranslations('intake');
  const refreshAll = useWorkflowRefresh();
  const [entering, setEntering] = useState(false);
  const [records, setRecords] = useState(false);
  const [opened, setOpened] = useState<{ id: number; number: string; name: string } | null>(null);
  const tr = useTranslations('casework.records');
  const dialogs = useMemo<RowDialogs<ApplicationRow>>(() => ({
    detail: ({ row, close }) => <DetailDrawer stage={row.stage} row={row} close={close} refresh={refreshAll} />,
  }), [refreshAll]);
  const toolbar = (
    <Space>
      <Button icon={<HistoryOutlined />} onClick={() => setRecords(true)}>{tr('open')}</Button>
      <CallPermission call={INTAKE}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEntering(true)}>{t('open')}</Button>
      </CallPermission>
    </Space>
  );
  return (
    <>
      <CrudScreen spec={loanQuerySpec} dialogs={dialogs} extra={toolbar} />
      {records && <Suspense fallback={null}><RecordSearch close={() => setRecords(false)} openCase={(r) => setOpened({ id: r.applicationId, number: r.number, name: r.name })} /></Suspense>}
      {opened && <DetailDrawer stage={null} row={opened} close={() => setOpened(null)} refresh={refreshAll} />}
      {entering && <IntakeDialog close={() => setEntering(false)} done={refreshAll} />}
    </>
  );
}
