'use client';

import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import type { FieldSpec } from '@/lib/resources/types';
import { FieldInput, useFieldRules } from './field-input';
import { filtersToValues, valuesToFilters } from './field-values';

type Values = Record<string, unknown>;

/** The search form: fields in a responsive grid, search and reset; Enter searches. */
export function SearchForm({ fields, filters, onSearch }: { fields: FieldSpec[]; filters: Record<string, string>; onSearch: (filters: Record<string, string>) => void }) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const rulesOf = useFieldRules();
  useEffect(() => { form.setFieldsValue(filtersToValues(fields, filters)); }, [form, fields, filters]);
  if (fields.length === 0) return null;
  return (
    <Form form={form} onFinish={(values) => onSearch(valuesToFilters(fields, values))} layout="vertical" style={{ marginBottom: 8 }}>
      <Row gutter={16} align="bottom">
        {fields.map((field) => (
          <Col key={field.name} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={field.name} label={t(field.label)} rules={field.kind === 'numberRange' || field.kind === 'tags' ? rulesOf(field) : undefined}>
              <FieldInput field={field} search />
            </Form.Item>
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
