'use client';

import { Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { HouseInfo } from '@/lib/contract/workflow';
import { formatDate, formatMoney } from './format';
import { Section } from './section';
import { useCall } from './use-call';

const MORTGAGE_COLORS: Record<HouseInfo['mortgageState'], string> = { PENDING: 'orange', REGISTERED: 'green', RELEASED: 'default' };

/** House property pledged for the loan (house-mortgage loans). */
export function DetailHouse({ id }: { id: number }) {
  const t = useTranslations('approval');
  const { data, isLoading } = useCall('business-house-property/getInfo', { id });
  return (
    <Section data={data} loading={isLoading} empty={(rows) => rows.length === 0}>
      {(rows) => (
        <Table<HouseInfo> rowKey="id" size="small" dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} columns={[
          { key: 'certificateNo', dataIndex: 'certificateNo', title: t('house.certificateNo') },
          { key: 'owner', dataIndex: 'owner', title: t('house.owner') },
          { key: 'address', dataIndex: 'address', title: t('house.address') },
          { key: 'area', title: t('house.area'), render: (_, h) => t('house.squareMetres', { area: h.area }) },
          { key: 'assessedValue', title: t('house.assessedValue'), render: (_, h) => formatMoney(h.assessedValue) },
          { key: 'mortgageState', title: t('house.mortgageState'), render: (_, h) => <Tag color={MORTGAGE_COLORS[h.mortgageState]}>{t(`house.state.${h.mortgageState}`)}</Tag> },
          { key: 'registeredOn', title: t('house.registeredOn'), render: (_, h) => formatDate(h.registeredOn) },
        ]} />
      )}
    </Section>
  );
}
