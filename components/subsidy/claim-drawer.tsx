'use client';

import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Flex, Skeleton, Table, Tabs, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { api, ApiError, apiCall } from '@/lib/api/client';
import type { ClaimDetail, ClaimLine } from '@/lib/contract/subsidy';
import { PAGE_SIZES } from '@/lib/contract/limits';
import { CLAIM_EXPORT, canEditLines, claimActions, type ClaimAction } from '@/lib/resources/subsidy';
import { CLAIM_STATE_COLORS } from '@/lib/resources/subsidy-states';
import { formatDate, formatMoney, formatTime } from '@/components/approval/format';
import { CallPermission, useCallAllowed } from '@/components/access/permission';
import { EmptyState } from '@/components/common/empty-state';
import { ExportButton } from '@/components/common/export-button';
import { lazyPart } from '@/components/common/lazy-part';
import { useApp } from '@/components/providers/app-notices';
import '@/styles/antd/descriptions.generated.css';

/** The dialogs (leave a period out, review, payout), downloaded when one is first opened. */
const ClaimDialog = lazyPart(() => import('./claim-dialogs').then((m) => m.ClaimDialog));

const CONFLICT = 409;
const PAGE = 10;
type Dialog = { action: 'check' | 'approve' | 'return' | 'pay' } | { action: 'exclude'; line: ClaimLine };

/** A claim opened from the list: its figures, steps, periods and buttons, in a drawer (the whole width on a phone). */
export function ClaimDrawer({ row, close, changed }: { row: { id: number; number: string }; close: () => void; changed: () => unknown }) {
  const t = useTranslations('subsidyClaims');
  return (
    <Drawer open onClose={close} size="min(1040px, 100vw)" destroyOnHidden title={t('claimTitle', { number: row.number })}>
      <ClaimView id={row.id} changed={changed} closed={close} />
    </Drawer>
  );
}

function useClaim(id: number) {
  const locale = useLocale();
  return useSWR<ClaimDetail, unknown>(['subsidyClaim/getInfo', id, locale], () => api('subsidyClaim/getInfo', { id }, { silent: true }));
}

/**
 * A claim (DOMAIN.md section 6): its bank, bureau, quarter, state and amounts, the buttons the
 * user may press now (submit, delete, check, approve, return, payout), export and print, and in
 * tabs the periods claimed, those left out (with the reason) and the steps taken.
 */
function ClaimView({ id, changed, closed }: { id: number; changed: () => unknown; closed: () => void }) {
  const t = useTranslations('subsidyClaims');
  const allowed = useCallAllowed();
  const { modal, message } = useApp();
  const { data, error, isLoading, mutate } = useClaim(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [lines, setLines] = useState(0);
  const refresh = useCallback(async () => {
    setLines((n) => n + 1);
    await mutate();
    await changed();
  }, [mutate, changed]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data) return <EmptyState description={error instanceof ApiError && error.message !== 'system' ? error.message : t('loadFailed')} />;
  const { claim } = data;
  const editable = canEditLines(data, allowed);
  const body = { id: claim.id, version: claim.version };

  /** Submit and delete are asked again, then sent; a stale claim is read again. */
  const confirmed = (action: 'submit' | 'delete') => modal.confirm({
    title: t(`confirm.${action}`, { number: claim.number, count: claim.periods, amount: formatMoney(claim.amount) }),
    okType: action === 'delete' ? 'danger' : 'primary',
    onOk: async () => {
      try {
        await apiCall(`subsidyClaim/${action}`, body, { silent: true });
        void message.success(t(`done.${action}`));
        if (action === 'delete') {
          closed();
          await changed();
        } else await refresh();
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        void message.error(failure.code === CONFLICT ? failure.message : failure.message === 'system' ? t('loadFailed') : failure.message);
        await refresh();
      }
    },
  });
  const press = (action: ClaimAction) => {
    if (action === 'submit' || action === 'delete') confirmed(action);
    else setDialog({ action });
  };
  const include = async (line: ClaimLine) => {
    try {
      await apiCall('subsidyClaim/include', { ...body, applicationId: line.applicationId, period: line.period }, { silent: true });
      void message.success(t('done.include'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      void message.error(failure.message);
    }
    await refresh();
  };

  const actions = claimActions(data, allowed);
  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 16 }} role="toolbar" aria-label={t('claimActions')}>
        {actions.map((key) => (
          <Button key={key} type={key === 'return' || key === 'delete' ? 'default' : 'primary'} danger={key === 'delete' || key === 'return'}
            onClick={() => press(key)}>{t(`act.${key}`)}</Button>
        ))}
        <CallPermission call={CLAIM_EXPORT}>
          <ExportButton path={CLAIM_EXPORT} payload={() => ({ id: claim.id })} label="subsidyClaims.export" />
        </CallPermission>
        <Button icon={<PrinterOutlined />} href={`/post-loan/subsidy?view=print&claim=${claim.id}`} target="_blank">{t('print')}</Button>
      </Flex>
      <Summary detail={data} />
      <Tabs items={[
        { key: 'lines', label: t('tabs.lines', { count: claim.periods }), children: (
          <Lines id={claim.id} excluded={false} version={lines} action={editable ? { label: t('exclude'), run: (line) => setDialog({ action: 'exclude', line }) } : undefined} />
        ) },
        { key: 'excluded', label: t('tabs.excluded', { count: data.excluded.periods }), children: (
          <Lines id={claim.id} excluded version={lines} action={editable ? { label: t('include'), run: (line) => void include(line) } : undefined} />
        ) },
        { key: 'steps', label: t('tabs.steps'), children: <Steps steps={data.steps} /> },
      ]} />
      {dialog && <ClaimDialog {...dialog} detail={data} close={() => setDialog(null)} refresh={refresh} />}
    </>
  );
}

function Summary({ detail }: { detail: ClaimDetail }) {
  const t = useTranslations();
  const { claim, excluded } = detail;
  const l = (key: string) => t(`subsidyClaims.${key}`);
  const items = [
    { key: 'number', label: l('number'), children: claim.number },
    { key: 'state', label: l('state'), children: <Tag color={CLAIM_STATE_COLORS[claim.state]}>{t(`subsidy.state.${claim.state}`)}</Tag> },
    { key: 'quarter', label: l('quarter'), children: t('subsidyClaims.quarterName', { year: claim.year, quarter: claim.quarter }) },
    { key: 'bankOrg', label: l('bankOrg'), children: claim.bankOrg },
    { key: 'rensheOrg', label: l('rensheOrg'), children: claim.rensheOrg },
    { key: 'periods', label: l('periods'), children: t('subsidyClaims.periodCount', { count: claim.periods }) },
    { key: 'amount', label: l('amount'), children: formatMoney(claim.amount) },
    { key: 'excluded', label: l('excludedSum'), children: t('subsidyClaims.excludedValue', { count: excluded.periods, amount: formatMoney(excluded.amount) }) },
    { key: 'submitTime', label: l('submitTime'), children: formatTime(claim.submitTime) },
    ...(claim.paidOn ? [
      { key: 'paidOn', label: l('paidOn'), children: formatDate(claim.paidOn) },
      { key: 'paidAmount', label: l('paidAmount'), children: formatMoney(claim.paidAmount) },
      { key: 'voucherNo', label: l('voucherNo'), children: claim.voucherNo },
    ] : []),
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }} items={items} />;
}

const right = { align: 'right' as const };

/** A claim's periods, claimed or left out, a page at a time, with leave out / put back when the claim may change. */
function Lines({ id, excluded, version, action }: {
  id: number; excluded: boolean; version: number; action?: { label: string; run: (line: ClaimLine) => void };
}) {
  const t = useTranslations();
  const l = (key: string) => t(`subsidy.column.${key}`);
  const [page, setPage] = useState({ pageNum: 1, pageSize: PAGE });
  const { data, isLoading } = useSWR(['subsidyClaim/lines', id, excluded, version, page.pageNum, page.pageSize],
    () => api('subsidyClaim/lines', { id, excluded, pageNum: page.pageNum, pageSize: page.pageSize }), { keepPreviousData: true });
  return (
    <Table<ClaimLine> rowKey={(r) => `${r.applicationId}-${r.period}`} size="small" loading={isLoading} dataSource={data?.list ?? []} scroll={{ x: 'max-content' }}
      aria-label={t(excluded ? 'subsidyClaims.tabs.excludedTable' : 'subsidyClaims.tabs.linesTable')}
      locale={{ emptyText: <EmptyState description={t(excluded ? 'subsidyClaims.noneExcluded' : 'subsidyClaims.noLines')} /> }}
      pagination={{
        current: page.pageNum, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [...PAGE_SIZES],
        showTotal: (count) => t('subsidyClaims.linesTotal', { count }), onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'loanNumber', title: l('loanNumber'), dataIndex: 'loanNumber' },
        { key: 'name', title: l('name'), dataIndex: 'name' },
        { key: 'period', title: l('period'), render: (_, r) => t('postLoan.loan.periodValue', { period: r.period }) },
        { key: 'dueDate', title: l('dueDate'), render: (_, r) => formatDate(r.dueDate) },
        { key: 'paidOn', title: l('repaidOn'), render: (_, r) => formatDate(r.paidOn) },
        { key: 'interest', title: t('subsidyClaims.interest'), ...right, render: (_, r) => formatMoney(r.interest) },
        { key: 'subsidy', title: t('subsidyClaims.subsidy'), ...right, render: (_, r) => formatMoney(r.subsidy) },
        { key: 'borrowerInterest', title: t('subsidyClaims.borrowerInterest'), ...right, render: (_, r) => formatMoney(r.borrowerInterest) },
        ...(excluded ? [{ key: 'reason', title: l('reason'), dataIndex: 'reason' }] : []),
        ...(action ? [{
          key: 'action', title: t('subsidyClaims.actions'),
          render: (_: unknown, r: ClaimLine) => (
            <Button type="link" size="small" danger={!excluded} aria-label={`${action.label} ${r.loanNumber} ${t('postLoan.loan.periodValue', { period: r.period })}`}
              onClick={() => action.run(r)}>{action.label}</Button>
          ),
        }] : []),
      ]} />
  );
}

/** The steps taken on the claim, oldest first: who, what, when and the opinion. */
function Steps({ steps }: { steps: ClaimDetail['steps'] }) {
  const t = useTranslations('subsidyClaims');
  return (
    <Table rowKey={(_, index) => String(index)} size="small" dataSource={steps} pagination={false} scroll={{ x: 'max-content' }} aria-label={t('tabs.steps')}
      locale={{ emptyText: <EmptyState description={t('noSteps')} /> }}
      columns={[
        { key: 'createTime', title: t('step.time'), render: (_, s) => formatTime(s.createTime) },
        { key: 'action', title: t('step.action'), render: (_, s) => t(`step.actions.${s.action}`) },
        { key: 'user', title: t('step.user'), render: (_, s) => s.user || '—' },
        { key: 'opinion', title: t('step.opinion'), render: (_, s) => s.opinion || '—' },
      ]} />
  );
}
