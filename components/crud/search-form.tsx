'use client';

import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Grid, Row, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { FieldSpec } from '@/lib/resources/types';
import { ExpandToggle } from './expand-toggle';
import { FieldInput, useFieldRules } from './field-input';
import { filtersToValues, valuesToFilters } from './field-values';

type Values = Record<string, unknown>;

/** The grid of a field (and of the buttons): four to a row at xl, three at lg, two at sm, one on a phone. */
const SPAN = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** How many fields share the first row with the buttons at the current width. */
function useFirstRow(): number {
  const screens = Grid.useBreakpoint();
  if (screens.xl) return 3;
  if (screens.lg) return 2;
  return 1;
}

/** Values the call assumes when nothing is chosen (e.g. 待处理), shown as the fields' values. */
const initialValues = (fields: FieldSpec[]): Values => Object.fromEntries(fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));

/**
 * The search form: fields in a responsive grid, search and reset; Enter searches. It shows
 * one row until 展开 (collapsed fields keep their values and still search).
 */
export function SearchForm({ fields, filters, onSearch }: { fields: FieldSpec[]; filters: Record<string, string>; onSearch: (filters: Record<string, string>) => void }) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const rulesOf = useFieldRules();
  const [expanded, setExpanded] = useState(false);
  const firstRow = useFirstRow();
  const initial = useMemo(() => initialValues(fields), [fields]);
  useEffect(() => {
    // A screen without search fields draws no form to give values to.
    if (fields.length === 0) return;
    form.setFieldsValue({ ...filtersToValues(fields, filters), ...Object.fromEntries(Object.entries(initial).filter(([name]) => !filters[name])) });
  }, [form, fields, filters, initial]);
  if (fields.length === 0) return null;
  const collapsible = fields.length > firstRow;
  // One row (a desktop, folded): the fields give way to the buttons, which keep their one line
  // whatever the language; the buttons never sit on the fields nor wrap to the labels' height.
  const oneRow = !expanded && firstRow > 1;
  const share = `${100 / (firstRow + 1)}%`;
  const fieldCol = (index: number) => (!expanded && index >= firstRow ? { style: { display: 'none' } }
    : oneRow ? { style: { flex: `0 1 ${share}`, maxWidth: share, minWidth: 0 } } : SPAN);
  const search = (values: Values) => {
    const chosen = valuesToFilters(fields, values);
    // The value the call assumes anyway is no filter.
    for (const [name, value] of Object.entries(initial)) if (chosen[name] === value) delete chosen[name];
    onSearch(chosen);
  };
  return (
    <Form form={form} onFinish={search} initialValues={initial} layout="vertical" style={{ marginBottom: 8 }}>
      <Row gutter={16} align="bottom" wrap={!oneRow}>
        {fields.map((field, index) => (
          <Col key={field.name} {...fieldCol(index)}>
            <Form.Item name={field.name} label={t(field.label)} rules={field.kind === 'numberRange' || field.kind === 'tags' ? rulesOf(field) : undefined}>
              <FieldInput field={field} search />
            </Form.Item>
          </Col>
        ))}
        {/* The rest of the last row, or a row of its own when the row is full; on a phone a row of its own. */}
        <Col style={{ flex: '1 0 auto', maxWidth: '100%', marginInlineStart: 'auto' }}>
          <Form.Item>
            {/* One line at the inputs' height: the toggle wrapping to a line of its own would lift 查询 and 重置 to the labels' height. */}
            <Space size={8} style={{ width: '100%', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t('crud.search')}</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); onSearch({}); }}>{t('crud.reset')}</Button>
              {collapsible && <ExpandToggle expanded={expanded} onToggle={setExpanded} />}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
