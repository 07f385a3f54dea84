'use client';

import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import type { FieldSpec } from '@/lib/resources/types';
import { FieldInput } from './field-input';

type Values = Record<string, unknown>;

/** URL filters -> form values (date ranges become two dates). */
function toValues(fields: FieldSpec[], filters: Record<string, string>): Values {
  const values: Values = {};
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const from = filters[`${field.name}From`], to = filters[`${field.name}To`];
      values[field.name] = from && to ? [dayjs(from), dayjs(to)] : undefined;
    } else if (field.kind === 'multiSelect') {
      values[field.name] = filters[field.name]?.split(',');
    } else {
      const raw = filters[field.name];
      values[field.name] = raw !== undefined && field.numeric ? Number(raw) : raw;
    }
  }
  return values;
}

/** Form values -> URL filters (empty values dropped). */
function toFilters(fields: FieldSpec[], values: Values): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.kind === 'dateRange') {
      const [from, to] = value as [Dayjs, Dayjs];
      filters[`${field.name}From`] = from.format('YYYY-MM-DD');
      filters[`${field.name}To`] = to.format('YYYY-MM-DD');
    } else if (Array.isArray(value)) {
      if (value.length) filters[field.name] = value.join(',');
    } else {
      const text = String(value).trim();
      if (text) filters[field.name] = text;
    }
  }
  return filters;
}

/** The search form: fields in a responsive grid, search and reset; Enter searches. */
export function SearchForm({ fields, filters, onSearch }: { fields: FieldSpec[]; filters: Record<string, string>; onSearch: (filters: Record<string, string>) => void }) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  useEffect(() => { form.setFieldsValue(toValues(fields, filters)); }, [form, fields, filters]);
  if (fields.length === 0) return null;
  return (
    <Form form={form} onFinish={(values) => onSearch(toFilters(fields, values))} layout="vertical" style={{ marginBottom: 8 }}>
      <Row gutter={16} align="bottom">
        {fields.map((field) => (
          <Col key={field.name} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={field.name} label={t(field.label)}><FieldInput field={field} search /></Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6}>
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
