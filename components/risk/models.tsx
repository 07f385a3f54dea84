'use client';

import { Card, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import type { ModelRow } from '@/lib/contract/indicators';
import { formatChinaTime } from '@/lib/china-time';
import { EmptyState } from '@/components/common/empty-state';

type Version = NonNullable<ModelRow['current']>;

/** Per borrower type: the indicator version in force with its indicators, and every version with its counts. */
export function ModelScreen() {
  const t = useTranslations('resources.model');
  const tt = useTranslations('approval.borrowerType');
  const ti = useTranslations('resources.indicator');
  const { data, isLoading } = useSWR('business/model/getList', () => api('business/model/getList', {}));
  if (isLoading) return <Card title={t('title')}><Skeleton active /></Card>;
  if (!data?.length) return <Card title={t('title')}><EmptyState description={t('empty')} /></Card>;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {data.map((model) => (
        <Card key={model.borrowerType} title={`${tt(model.borrowerType)} · ${model.current ? t('inForce', { number: model.current.number }) : t('none')}`}>
          <Typography.Paragraph>
            {model.indicators.map((i) => <Tag key={i.code} color={i.effect === 'HARD' ? 'red' : 'orange'} style={{ whiteSpace: 'normal', maxWidth: '100%' }}>{i.name} · {ti(`effect.${i.effect}`)}</Tag>)}
          </Typography.Paragraph>
          <Table<Version> rowKey="number" size="small" pagination={false} dataSource={model.history} scroll={{ x: 'max-content' }}
            columns={[
              { key: 'number', title: t('version'), render: (_, v) => (v.number === model.current?.number ? <Space>{`V${v.number}`}<Tag color="green">{t('current')}</Tag></Space> : `V${v.number}`) },
              { key: 'issuedAt', title: t('issuedAt'), render: (_, v) => formatChinaTime(v.issuedAt) },
              { key: 'issuedBy', title: t('issuedBy'), render: (_, v) => v.issuedBy ?? '—' },
              { key: 'indicators', title: t('indicators'), dataIndex: 'indicators' },
              { key: 'checked', title: t('checked'), dataIndex: 'checked' },
              { key: 'passed', title: t('passed'), dataIndex: 'passed' },
              { key: 'refused', title: t('refused'), dataIndex: 'refused' },
              { key: 'flagged', title: t('flagged'), dataIndex: 'flagged' },
              { key: 'note', title: t('note'), render: (_, v) => v.note || '—' },
            ]} />
        </Card>
      ))}
    </Space>
  );
}
