'use client';

import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Select, Space } from 'antd';
import { RangePicker } from '@/components/common/date-pickers';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { BORROWER_TYPE_OPTIONS } from '@/lib/resources/workbench';
import type { StatisticsSide } from '@/lib/workflow/statistics';
import type { StatisticsFilters } from './use-statistics-filters';

interface Values { period?: [Dayjs, Dayjs]; orgId?: number; borrowerType?: string }

/** Period, organisation of the page's side and borrower type; the period shown is the one counted. */
export function FilterForm({ side, filters, period, orgs, onSearch }: {
  side: StatisticsSide;
  filters: StatisticsFilters;
  period: { dateFrom: string; dateTo: string } | undefined;
  orgs: { id: number; name: string }[];
  onSearch: (filters: StatisticsFilters) => void;
}) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const from = filters.dateFrom ?? period?.dateFrom, to = filters.dateTo ?? period?.dateTo;
  useEffect(() => {
    form.setFieldsValue({ period: from && to ? [dayjs(from), dayjs(to)] : undefined, orgId: filters.orgId, borrowerType: filters.borrowerType });
  }, [form, from, to, filters.orgId, filters.borrowerType]);
  const submit = (values: Values) => onSearch({
    dateFrom: values.period?.[0].format('YYYY-MM-DD'), dateTo: values.period?.[1].format('YYYY-MM-DD'),
    orgId: values.orgId, borrowerType: values.borrowerType,
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ marginBottom: 8 }}>
      <Row gutter={16} align="bottom">
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name="period" label={t('statistics.period')}>
            <RangePicker picker="date" allowClear={false} style={{ width: '100%' }} aria-label={t('statistics.period')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="orgId" label={t(`statistics.orgOf.${side}`)}>
            <Select allowClear placeholder={t('statistics.allOrgs')} aria-label={t(`statistics.orgOf.${side}`)}
              options={orgs.map((o) => ({ value: o.id, label: o.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <Form.Item name="borrowerType" label={t('statistics.borrowerType')}>
            <Select allowClear placeholder={t('statistics.allTypes')} aria-label={t('statistics.borrowerType')}
              options={BORROWER_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t('crud.search')}</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); onSearch({}); }}>{t('crud.reset')}</Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
