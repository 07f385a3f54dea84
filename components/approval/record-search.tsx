'use client';

import { Button, Drawer, Form, Input, Select, Space, Table, Tag } from 'antd';
import { RangePicker } from '@/components/common/date-pickers';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { dayText } from '@/lib/china-time';
import type { RecordInfoRow } from '@/lib/contract/case-extras';
import { ACTIONS, STAGES } from '@/lib/workflow/stages';
import { formatTime } from './format';
import { usePaged } from './use-paged';
import { EmptyState } from '@/components/common/empty-state';

type Values = { number?: string; actor?: string; stage?: string; action?: string; period?: [{ format: (f: string) => string }, { format: (f: string) => string }] };

/**
 * The approval records of every case the user may see (businessApproveRecord/infoList):
 * searched by case number, stage, action, who acted and day, newest first; a row opens its case.
 */
export function RecordSearch({ close, openCase }: { close: () => void; openCase: (row: RecordInfoRow) => void }) {
  const t = useTranslations('casework.records');
  const ta = useTranslations('approval');
  const tc = useTranslations('crud');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const list = usePaged('businessApproveRecord/infoList', filters, (total, capped) => tc(capped ? 'totalCapped' : 'total', { total }));
  const search = ({ period, ...values }: Values) => {
    const next: Record<string, string> = Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;
    if (period) Object.assign(next, { dateFrom: dayText(period[0] as never), dateTo: dayText(period[1] as never) });
    setFilters(next);
    list.firstPage();
  };
  const stage = (s: RecordInfoRow['stage']) => (s ? ta(`stage.${s}`) : '—');
  return (
    <Drawer open onClose={close} size="min(1200px, 100vw)" title={t('title')} destroyOnHidden>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Form layout="inline" onFinish={search}>
          <Form.Item name="number" label={t('number')}><Input allowClear maxLength={24} aria-label={t('number')} /></Form.Item>
          <Form.Item name="stage" label={t('stage')}>
            <Select allowClear style={{ width: 160 }} aria-label={t('stage')} options={STAGES.map((s) => ({ value: s, label: ta(`stage.${s}`) }))} />
          </Form.Item>
          <Form.Item name="action" label={t('action')}>
            <Select allowClear style={{ width: 140 }} aria-label={t('action')} options={ACTIONS.map((a) => ({ value: a, label: ta(`action.${a}`) }))} />
          </Form.Item>
          <Form.Item name="actor" label={t('actor')}><Input allowClear maxLength={64} aria-label={t('actor')} /></Form.Item>
          <Form.Item name="period" label={t('period')}><RangePicker aria-label={t('period')} /></Form.Item>
          <Button type="primary" htmlType="submit">{tc('search')}</Button>
        </Form>
        <Table<RecordInfoRow> rowKey="id" size="small" loading={list.isLoading} dataSource={(list.data?.list ?? []) as RecordInfoRow[]}
          pagination={list.pagination} scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyState description={tc('noData')} /> }} columns={[
            { key: 'time', title: ta('records.time'), render: (_, r) => formatTime(r.createTime) },
            { key: 'number', title: t('number'), render: (_, r) => <Button type="link" size="small" onClick={() => openCase(r)}>{r.number}</Button> },
            { key: 'name', dataIndex: 'name', title: t('name') },
            { key: 'stage', title: ta('records.stage'), render: (_, r) => stage(r.stage) },
            { key: 'action', title: ta('records.action'), render: (_, r) => <Tag>{ta(`action.${r.action}`)}</Tag> },
            { key: 'actor', title: ta('records.actor'), render: (_, r) => [r.actor, r.actorOrg].filter(Boolean).join(' · ') || '—' },
            { key: 'to', title: ta('records.to'), render: (_, r) => (r.toStatus === 'IN_REVIEW' && r.toStage ? stage(r.toStage) : ta(`status.${r.toStatus}`)) },
            { key: 'opinion', title: ta('records.opinion'), width: 240, render: (_, r) => r.opinion || '—' },
          ]} />
      </Space>
    </Drawer>
  );
}
