'use client';

import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Grid, Row, Select, Space } from 'antd';
import { RangePicker } from '@/components/common/date-pickers';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ExpandToggle } from '@/components/crud/expand-toggle';
import type { ApplyStatistics } from '@/lib/contract/apply-statistics';
import { BORROWER_TYPE_OPTIONS } from '@/lib/resources/workbench';
import { APPLY_PERIODS } from '@/lib/workflow/reports';

interface Values { period?: [Dayjs, Dayjs]; unit?: string; region?: string; borrowerType?: string; clientGroupId?: number; productId?: number }
export type ApplyFilterValues = Record<string, string | number>;

/**
 * The application statistics' filters: period and its unit, region, borrower type, client group
 * and product. On a phone it shows the period and its unit until 展开, like every search form.
 */
export function ApplyFilterForm({ filters, data, onSearch }: { filters: ApplyFilterValues; data: ApplyStatistics | undefined; onSearch: (f: Record<string, string | number | undefined>) => void }) {
  const t = useTranslations('reports.apply');
  const tc = useTranslations();
  const [form] = Form.useForm<Values>();
  const phone = !Grid.useBreakpoint().sm;
  const [expanded, setExpanded] = useState(false);
  const folded = phone && !expanded;
  const from = (filters.dateFrom as string | undefined) ?? data?.period.dateFrom;
  const to = (filters.dateTo as string | undefined) ?? data?.period.dateTo;
  useEffect(() => {
    form.setFieldsValue({
      period: from && to ? [dayjs(from), dayjs(to)] : undefined, unit: (filters.unit as string | undefined) ?? 'month', region: filters.region as string | undefined,
      borrowerType: filters.borrowerType as string | undefined, clientGroupId: filters.clientGroupId as number | undefined, productId: filters.productId as number | undefined,
    });
  }, [form, from, to, filters]);
  const submit = ({ period, ...rest }: Values) => onSearch({ dateFrom: period?.[0].format('YYYY-MM-DD'), dateTo: period?.[1].format('YYYY-MM-DD'), ...rest });
  const select = (name: keyof Values, label: string, options: { value: string | number; label: string }[], all: string) => (
    <Col xs={24} sm={12} lg={4} style={folded ? { display: 'none' } : undefined}>
      <Form.Item name={name} label={label}>
        <Select allowClear placeholder={all} aria-label={label} options={options} />
      </Form.Item>
    </Col>
  );
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ marginBottom: 8 }}>
      <Row gutter={16} align="bottom">
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="period" label={t('period')}>
            <RangePicker allowClear={false} style={{ width: '100%' }} aria-label={t('period')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={3}>
          <Form.Item name="unit" label={t('unit')}>
            <Select aria-label={t('unit')} options={APPLY_PERIODS.map((u) => ({ value: u, label: t(`units.${u}`) }))} />
          </Form.Item>
        </Col>
        {select('region', t('region'), (data?.options.regions ?? []).map((r) => ({ value: r.code, label: r.name })), t('all'))}
        {select('borrowerType', t('borrowerType'), BORROWER_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: tc(o.label) })), t('all'))}
        {select('clientGroupId', t('clientGroup'), (data?.options.clientGroups ?? []).map((g) => ({ value: g.id, label: g.name })), t('all'))}
        {select('productId', t('product'), (data?.options.products ?? []).map((p) => ({ value: p.id, label: p.name })), t('all'))}
        <Col xs={24}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{tc('crud.search')}</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); onSearch({}); }}>{tc('crud.reset')}</Button>
              {phone && <ExpandToggle expanded={expanded} onToggle={setExpanded} />}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
