'use client';

import { Button, ConfigProvider, Drawer, Skeleton, Space, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ApplicationDetail, ApplicationRow } from '@/lib/contract/workflow';
import { DANGER_ACTIONS, detailActions, HOUSE_EDIT, RECHECK } from '@/lib/resources/workbench';
import type { CallPath } from '@/lib/contract/calls';
import { useCallAllowed } from '@/components/access/permission';
import type { Stage } from '@/lib/workflow/stages';
import { ActionDialog, type ActionKey } from './action-dialogs';
import { CaseState } from './case-state';
import { DetailBankFirst } from './detail-bank-first';
import { DetailBasic } from './detail-basic';
import { DetailFiles } from './detail-files';
import { DetailHouse } from './detail-house';
import { DetailPeople } from './detail-people';
import { DetailPlan } from './detail-plan';
import { DetailProgress } from './detail-progress';
import { DetailRecords } from './detail-records';
import { RedFlags } from './red-flags';
import { DetailInsurance } from './detail-insurance';
import { DetailEarlierLoans } from './detail-earlier-loans';
import { useCall } from './use-call';
import { EmptyState } from '@/components/common/empty-state';
import { lazyPart } from '@/components/common/lazy-part';

/** The loan's account (the post-loan ledger's view), downloaded when a loaned case's 贷后 tab is first shown. */
const LoanAccountView = lazyPart(() => import('@/components/post-loan/account-view').then((m) => m.LoanAccountView));

/** Every block of the drawer labels its values in a column of the same width. */
const DETAIL_LABEL_WIDTH = 160;


/** Whether the case is past the bank's first review (its result is shown with the progress). */
const passedBankFirst = (detail: ApplicationDetail) =>
  ['APPROVED', 'LOANED', 'NOT_ISSUED'].includes(detail.status) || detail.stage === 'BANK_SECOND' || detail.stage === 'BANK_TRANSFER';

/** The mortgage stage's assignee records the case's houses (the service checks it again). */
const houseEditable = (detail: ApplicationDetail, allowed: (path: CallPath) => boolean) =>
  detail.status === 'IN_REVIEW' && detail.stage === 'GC_HOUSE' && detail.can.act && allowed(HOUSE_EDIT);

/**
 * Everything about one application: its red flags on top, then in tabs the loan and its proposer, the people on it,
 * house property, files, progress, approval records and the repayment plan. The actions the
 * user may take now sit in the header and open the same dialogs as the list's.
 */
export function DetailDrawer({ stage, row, close, refresh }: {
  /** The stage whose actions the drawer offers; none for a case at no stage (lists beside the workbenches pass the case's own). */
  stage: Stage | null;
  row: Pick<ApplicationRow, 'id' | 'number' | 'name'>;
  close: () => void;
  refresh: () => unknown;
}) {
  const t = useTranslations('approval');
  const allowed = useCallAllowed();
  const tp = useTranslations('postLoan');
  // A case at a stage is read as the workbench reads it; a finished one (no actions) as the proposer's file.
  const { data: detail, isLoading } = useCall(stage ? 'businessClubFirstTrial/unfold' : 'businessProposerInfo/getInfo', { id: row.id });
  const [action, setAction] = useState<ActionKey | null>(null);
  const actions = detail && stage ? detailActions(stage, detail, allowed) as ActionKey[] : [];
  return (
    <Drawer open onClose={close} size="min(1040px, 100vw)" destroyOnHidden
      title={t('detail.title', { number: row.number, name: row.name })}
      extra={actions.length > 0 && (
        <Space wrap size={8}>
          {actions.map((key) => (
            <Button key={key} size="small" type={key === 'check' ? 'primary' : 'default'} danger={DANGER_ACTIONS.includes(key)} onClick={() => setAction(key)}>
              {t(`actions.${key}`)}
            </Button>
          ))}
        </Space>
      )}>
      <ConfigProvider descriptions={{ styles: { label: { width: DETAIL_LABEL_WIDTH } } }}>
      <CaseState id={row.id} />
      {isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : !detail ? <EmptyState description={t('detail.loadFailed')} /> : (<>
        <RedFlags id={detail.id} canRecheck={stage !== null && allowed(RECHECK, { stage })} />
        <Tabs items={[
          { key: 'basic', label: t('detail.tabs.basic'), children: <><DetailBasic detail={detail} /><DetailInsurance id={detail.id} /><DetailEarlierLoans id={detail.id} /></> },
          { key: 'people', label: t('detail.tabs.people'), children: <DetailPeople id={detail.id} /> },
          { key: 'house', label: t('detail.tabs.house'), children: <DetailHouse id={detail.id} editable={houseEditable(detail, allowed)} saved={refresh} /> },
          { key: 'files', label: t('detail.tabs.files'), children: <DetailFiles id={detail.id} canUpload={detail.can.act} /> },
          { key: 'progress', label: t('detail.tabs.progress'), children: <><DetailProgress id={detail.id} />{passedBankFirst(detail) && <DetailBankFirst id={detail.id} />}</> },
          { key: 'records', label: t('detail.tabs.records'), children: <DetailRecords id={detail.id} /> },
          { key: 'plan', label: t('detail.tabs.plan'), children: <DetailPlan detail={detail} /> },
          // An issued loan's account: schedule, repayments, compensation, recovery, with the actions the user may take.
          ...(detail.status === 'LOANED' ? [{ key: 'postLoan', label: tp('loan.tab'), children: <LoanAccountView id={detail.id} changed={refresh} /> }] : []),
        ]} />
      </>)}
      </ConfigProvider>
      {action && detail && stage && <ActionDialog action={action} stage={stage} row={detail} close={() => setAction(null)} refresh={refresh} />}
    </Drawer>
  );
}
