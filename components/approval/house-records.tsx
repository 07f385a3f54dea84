'use client';

import { EditOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Input, Segmented, Space, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { HouseRow } from '@/lib/contract/case-extras';
import { HOUSE_STATES } from '@/lib/workflow/house';
import { formatDate, formatMoney } from './format';
import { MORTGAGE_COLORS } from './detail-house';
import { HouseEditDialog } from './house-edit-dialog';
import { HouseExtras } from './house-extras';
import { useCall, useWorkflowRefresh } from './use-call';
import { usePaged } from './use-paged';
import '@/styles/antd/segmented.generated.css';
import { EmptyState } from '@/components/common/empty-state';

type View = 'all' | 'mine' | (typeof HOUSE_STATES)[number];

/**
 * The houses of the company's cases (business-house-property/getPage), counted by mortgage
 * state (getNum): the mortgage stage's register. Houses of cases waiting with the user are
 * edited here as in the case's detail.
 */
export function HouseRecords({ canEdit, close }: { canEdit: boolean; close: () => void }) {
  const t = useTranslations('casework.house');
  const tc = useTranslations('crud');
  const [view, setView] = useState<View>('all');
  const [search, setSearch] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<HouseRow | null>(null);
  const refreshAll = useWorkflowRefresh();
  const num = useCall('business-house-property/getNum', {});
  const filters = { ...search, ...(view === 'mine' ? { waiting: 'mine' } : view === 'all' ? {} : { mortgageState: view }) };
  const list = usePaged('business-house-property/getPage', filters, (total, capped) => tc(capped ? 'totalCapped' : 'total', { total }));
  const count = (key: View) => (num.data ? (key === 'all' ? num.data.total : key === 'mine' ? null : num.data[key]) : null);
  const option = (key: View) => ({ value: key, label: count(key) === null ? t(`view.${key}`) : `${t(`view.${key}`)} (${count(key)})` });
  const rows = (list.data?.list ?? []) as HouseRow[];
  return (
    <Drawer open onClose={close} size="min(1200px, 100vw)" title={t('recordsTitle')} destroyOnHidden>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented<View> value={view} onChange={(v) => { setView(v); list.firstPage(); }} options={(['all', 'mine', ...HOUSE_STATES] as View[]).map(option)} />
        <Form layout="inline" onFinish={(values: Record<string, string>) => { setSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v))); list.firstPage(); }}>
          <Form.Item name="number" label={t('number')}><Input allowClear maxLength={24} aria-label={t('number')} /></Form.Item>
          <Form.Item name="owner" label={t('owner')}><Input allowClear maxLength={64} aria-label={t('owner')} /></Form.Item>
          <Form.Item name="certificateNo" label={t('certificateNo')}><Input allowClear maxLength={64} aria-label={t('certificateNo')} /></Form.Item>
          <Button type="primary" htmlType="submit">{tc('search')}</Button>
        </Form>
        <Table<HouseRow> rowKey="id" size="small" loading={list.isLoading} dataSource={rows} pagination={list.pagination} scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={tc('noData')} /> }} expandable={{ expandedRowRender: (h) => <HouseExtras houseId={h.id} /> }}
          columns={[
            { key: 'number', dataIndex: 'number', title: t('number') },
            { key: 'name', dataIndex: 'name', title: t('proposer') },
            { key: 'owner', dataIndex: 'owner', title: t('owner') },
            { key: 'certificateNo', dataIndex: 'certificateNo', title: t('certificateNo') },
            { key: 'assessedValue', title: t('assessedValue'), align: 'right', render: (_, h) => formatMoney(h.assessedValue) },
            { key: 'mortgageState', title: t('mortgageState'), render: (_, h) => <Tag color={MORTGAGE_COLORS[h.mortgageState]}>{t(`state.${h.mortgageState}`)}</Tag> },
            { key: 'mortgageNo', title: t('mortgageNo'), render: (_, h) => h.mortgageNo || '—' },
            { key: 'registeredOn', title: t('registeredOn'), render: (_, h) => formatDate(h.registeredOn) },
            {
              key: 'edit', title: t('actions'), fixed: 'right', render: (_, h) => (canEdit && h.editable
                ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(h)}>{t('edit')}</Button> : null),
            },
          ]} />
      </Space>
      {editing && <HouseEditDialog house={editing} close={() => setEditing(null)} saved={() => { void list.mutate(); void num.mutate(); void refreshAll(); }} />}
    </Drawer>
  );
}
