'use client';

import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect, type FormRule } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { callPath } from '@/lib/api/client';
import type { FieldSpec, Option, TreeOption } from '@/lib/resources/types';
import { useFieldRule } from '@/components/common/use-field-rule';

/** Options of a select field: fixed ones (translated) or loaded from their call. */
export function useFieldOptions(field: FieldSpec): { options: Option[] | TreeOption[]; loading: boolean } {
  const t = useTranslations();
  const { data, isLoading } = useSWR(field.source ? [field.source.path, JSON.stringify(field.source.body ?? {})] : null,
    async () => (await callPath(field.source!.path, field.source!.body ?? {}, { silent: true })).data);
  if (field.source) return { options: data ? field.source.toOptions(data) : [], loading: isLoading };
  return { options: (field.options ?? []).map((o) => ({ ...o, label: t(o.label) })), loading: false };
}

/** The input of one field, by kind. `search` makes selects clearable and text inputs plain. */
export function FieldInput({ field, search = false, disabled = false, ...rest }: { field: FieldSpec; search?: boolean; disabled?: boolean; [key: string]: unknown }) {
  const t = useTranslations();
  const { options, loading } = useFieldOptions(field);
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  const common = { disabled, placeholder, 'aria-label': t(field.label), ...rest };
  switch (field.kind) {
    case 'password': return <Input.Password {...common} autoComplete="new-password" />;
    case 'textarea': return <Input.TextArea {...common} rows={3} maxLength={field.max} showCount={!!field.max} />;
    case 'number': return <InputNumber {...common} style={{ width: '100%' }} />;
    case 'switch': return <Switch {...common} />;
    case 'date': return <DatePicker {...common} style={{ width: '100%' }} />;
    case 'dateRange': return <DatePicker.RangePicker {...(common as object)} style={{ width: '100%' }} />;
    case 'treeSelect': return (
      <TreeSelect {...common} treeData={options as TreeOption[]} loading={loading} allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll style={{ width: '100%' }} />
    );
    case 'select':
    case 'multiSelect': return (
      <Select {...common} options={options as Option[]} loading={loading} allowClear={search || !field.required} showSearch optionFilterProp="label"
        mode={field.kind === 'multiSelect' ? 'multiple' : undefined} style={{ width: '100%' }} />
    );
    default: return <Input {...common} maxLength={field.max} allowClear={search} />;
  }
}

/** The validation rules of a form field: required, its contract rule, its length and its own check. */
export function useFieldRules() {
  const t = useTranslations();
  const contractRule = useFieldRule();
  return (field: FieldSpec): FormRule[] => [
    ...(field.required ? [{ required: true, message: t('crud.required', { field: t(field.label) }) }] : []),
    ...(field.rule ? [contractRule(field.rule)] : []),
    ...(field.max && field.kind !== 'textarea' ? [{ max: field.max, message: t('validation.tooLong') }] : []),
    ...(field.check ? [({ getFieldsValue }: { getFieldsValue: () => Record<string, unknown> }) => ({
      validator: async (_: unknown, value: unknown) => {
        const key = field.check!(value, getFieldsValue());
        if (key) throw new Error(t(key));
      },
    })] : []),
  ];
}
