'use client';

import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { PAGE_SIZES } from '@/lib/contract/limits';
import type { CallOutput } from '@/lib/contract/calls';
import type { FundRow } from '@/lib/contract/loans';
import { useCallAllowed } from '@/components/access/permission';
import { lazyPart } from '@/components/common/lazy-part';
import { formatChinaTime } from '@/lib/china-time';

type BankRate = CallOutput<'guaranteeFund/getList'>['banks'][number];
type Entry = CallOutput<'guaranteeFund/entries'>['list'][number];

/** The contribution dialog, downloaded when first opened. */
const ContributeDialog = lazyPart(() => import('./contribute-dialog').then((m) => m.ContributeDialog));

const useMoney = () => {
  const locale = useLocale();
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (yuan: number) => format.format(yuan);
};
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** 担保基金: each company's fund with its leverage and compensation rates, the banks' rates, a fund's entries and contributions. */
export function GuaranteeFundScreen() {
  const t = useTranslations('guaranteeFund');
  const money = useMoney();
  const canContribute = useCallAllowed()('guaranteeFund/contribute');
  const { data, isLoading, mutate } = useSWR('guaranteeFund/getList', () => api('guaranteeFund/getList', {}));
  const [picked, setPicked] = useState<number | null>(null);
  const [contributing, setContributing] = useState<FundRow | null>(null);
  const [entriesVersion, setEntriesVersion] = useState(0);
  const funds = data?.funds ?? [];
  const shown = funds.find((f) => f.orgId === picked) ?? funds[0] ?? null;

  const rateCell = (rate: number, over: boolean) => (
    <Flex gap={4} wrap align="center">
      <span>{percent(rate)}</span>
      {over && <Tag color="red">{t('overThreshold', { threshold: data?.threshold ?? 0 })}</Tag>}
    </Flex>
  );
  const fundColumns: ColumnsType<FundRow> = [
    { key: 'org', title: t('org'), dataIndex: 'org' },
    { key: 'balance', title: t('balance'), align: 'right', render: (_, f) => money(f.balance) },
    { key: 'guaranteeBalance', title: t('guaranteeBalance'), align: 'right', render: (_, f) => money(f.guaranteeBalance) },
    {
      key: 'leverage', title: t('leverage'),
      render: (_, f) => (
        <Flex gap={4} wrap align="center">
          <span>{f.leverage === null ? t('leverageNone', { max: f.leverageMax }) : t('leverageValue', { leverage: f.leverage.toFixed(2), max: f.leverageMax })}</span>
          {f.leverage !== null && f.leverage > f.leverageMax && <Tag color="red">{t('overLeverage')}</Tag>}
        </Flex>
      ),
    },
    { key: 'rate', title: t('rate'), render: (_, f) => percent(f.compensationRate) },
    { key: 'rate12m', title: t('rate12m'), render: (_, f) => rateCell(f.compensationRate12m, f.overThreshold) },
    {
      key: 'actions', title: t('actions'),
      render: (_, f) => (
        <Button type="link" size="small" icon={<UnorderedListOutlined />} aria-label={t('showEntriesOf', { org: f.org })} aria-pressed={shown?.orgId === f.orgId}
            onClick={() => setPicked(f.orgId)}>{t('showEntries')}</Button>
      ),
    },
  ];
  const bankColumns: ColumnsType<BankRate> = [
    { key: 'org', title: t('bank'), dataIndex: 'org' },
    { key: 'guaranteed', title: t('guaranteed'), align: 'right', render: (_, b) => money(b.guaranteed) },
    { key: 'compensated', title: t('compensatedPrincipal'), align: 'right', render: (_, b) => money(b.compensatedPrincipal) },
    { key: 'rate', title: t('rate'), render: (_, b) => percent(b.compensationRate) },
    { key: 'rate12m', title: t('rate12m'), render: (_, b) => rateCell(b.compensationRate12m, b.overThreshold) },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('funds')}>
        {data && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('threshold', { threshold: data.threshold, action: data.action })} />}
        <Table<FundRow> rowKey="orgId" size="small" pagination={false} loading={isLoading} dataSource={funds} columns={fundColumns}
          scroll={{ x: 'max-content' }} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFunds')} /> }} />
      </Card>
      <Card title={t('banks')}>
        <Table<BankRate> rowKey="orgId" size="small" pagination={false} loading={isLoading} dataSource={data?.banks ?? []} columns={bankColumns}
          scroll={{ x: 'max-content' }} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
      </Card>
      <Card title={shown ? t('entries', { org: shown.org }) : t('entriesFor')}
        extra={shown && canContribute ? <Button icon={<PlusOutlined />} aria-label={t('contributeTo', { org: shown.org })} onClick={() => setContributing(shown)}>{t('contribute')}</Button> : null}>
        {shown && (
          <Flex gap={24} wrap style={{ marginBottom: 12 }}>
            {(['contributions', 'compensations', 'recoveries', 'balance'] as const).map((field) => (
              <Flex key={field} vertical>
                <span style={{ color: 'rgba(0,0,0,0.65)' }}>{t(field)}</span>
                <strong>{money(shown[field])}</strong>
              </Flex>
            ))}
          </Flex>
        )}
        {shown ? <Entries key={shown.orgId} orgId={shown.orgId} version={entriesVersion} />
          : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isLoading ? undefined : t('pickCompany')} />}
      </Card>
      {contributing && (
        <ContributeDialog fund={contributing} close={() => setContributing(null)}
          done={async () => { setPicked(contributing.orgId); setEntriesVersion((v) => v + 1); await mutate(); }} />
      )}
    </Flex>
  );
}

/** A fund's entries, newest first, a page at a time (read again after a contribution: `version`). */
function Entries({ orgId, version }: { orgId: number; version: number }) {
  const t = useTranslations('guaranteeFund');
  const money = useMoney();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isLoading } = useSWR(['guaranteeFund/entries', orgId, version, page.pageNum, page.pageSize],
    () => api('guaranteeFund/entries', { orgId, pageNum: page.pageNum, pageSize: page.pageSize }), { keepPreviousData: true });
  const kindColor = { CONTRIBUTION: 'blue', COMPENSATION: 'red', RECOVERY: 'green' } as const;
  const sourceText = (e: Entry) => (e.kind === 'RECOVERY' && t.has(`sources.${e.source}`) ? t(`sources.${e.source}`) : e.source || '—');
  return (
    <Table<Entry> rowKey="id" size="small" loading={isLoading} dataSource={data?.list ?? []} scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noEntries')} /> }}
      pagination={{
        current: page.pageNum, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (count) => t('total', { count }), onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'day', title: t('day'), dataIndex: 'day' },
        { key: 'kind', title: t('kind'), render: (_, e) => <Tag color={kindColor[e.kind]}>{t(`kinds.${e.kind}`)}</Tag> },
        { key: 'amount', title: t('amount'), align: 'right', render: (_, e) => <span style={{ color: e.amount < 0 ? '#cf1322' : undefined }}>{money(e.amount)}</span> },
        { key: 'source', title: t('source'), render: (_, e) => sourceText(e) },
        { key: 'loan', title: t('loanNumber'), render: (_, e) => e.loanNumber ?? '—' },
        { key: 'by', title: t('recordedBy'), render: (_, e) => e.recordedBy || '—' },
        { key: 'at', title: t('createTime'), render: (_, e) => formatChinaTime(e.createTime) },
      ]} />
  );
}
