'use client';

import { EditOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState } from 'react';
import type { HouseInfo } from '@/lib/contract/workflow';
import { formatDate, formatMoney } from './format';
import { HouseExtras } from './house-extras';
import { Section } from './section';
import { useCall } from './use-call';

/** The mortgage record's form, downloaded when opened. */
const HouseEditDialog = lazy(() => import('./house-edit-dialog').then((m) => ({ default: m.HouseEditDialog })));

export const MORTGAGE_COLORS: Record<HouseInfo['mortgageState'], string> = { PENDING: 'orange', REGISTERED: 'green', RELEASED: 'default' };

/**
 * House property pledged for the loan (house-mortgage loans); a row opens the house's
 * documents and its loan to value. At the mortgage stage the case's assignee (`editable`)
 * records the valuation, the certificate and the mortgage registration.
 */
export function DetailHouse({ id, editable = false, saved }: { id: number; editable?: boolean; saved?: () => void }) {
  const t = useTranslations('approval');
  const tc = useTranslations('casework.house');
  const { data, isLoading, mutate } = useCall('business-house-property/getInfo', { id });
  const [editing, setEditing] = useState<HouseInfo | null>(null);
  return (
    <Section data={data} loading={isLoading} empty={(rows) => rows.length === 0}>
      {(rows) => (
        <>
          <Table<HouseInfo> rowKey="id" size="small" dataSource={rows} pagination={false} scroll={{ x: 'max-content' }}
            expandable={{ expandedRowRender: (h) => <HouseExtras houseId={h.id} /> }}
            columns={[
              { key: 'certificateNo', dataIndex: 'certificateNo', title: t('house.certificateNo') },
              { key: 'owner', dataIndex: 'owner', title: t('house.owner') },
              { key: 'address', dataIndex: 'address', title: t('house.address') },
              { key: 'area', title: t('house.area'), render: (_, h) => t('house.squareMetres', { area: h.area }) },
              { key: 'assessedValue', title: t('house.assessedValue'), render: (_, h) => formatMoney(h.assessedValue) },
              { key: 'mortgageState', title: t('house.mortgageState'), render: (_, h) => <Tag color={MORTGAGE_COLORS[h.mortgageState]}>{t(`house.state.${h.mortgageState}`)}</Tag> },
              { key: 'mortgageNo', title: tc('mortgageNo'), render: (_, h) => h.mortgageNo || '—' },
              { key: 'registeredOn', title: t('house.registeredOn'), render: (_, h) => formatDate(h.registeredOn) },
              ...(editable ? [{
                key: 'edit', title: tc('actions'), render: (_: unknown, h: HouseInfo) => (
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(h)}>{tc('edit')}</Button>
                ),
              }] : []),
            ]} />
          {editing && <Suspense fallback={null}><HouseEditDialog house={editing} close={() => setEditing(null)} saved={() => { void mutate(); saved?.(); }} /></Suspense>}
        </>
      )}
    </Section>
  );
}
