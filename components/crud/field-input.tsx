'use client';

import { Input, InputNumber, Select, Switch, type FormRule, type TreeSelectProps } from 'antd';
import { DatePicker, RangePicker } from '@/components/common/date-pickers';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { todayValue } from '@/lib/china-time';
import type { FieldSpec, Option, TreeOption } from '@/lib/resources/types';
import { useOptionCall } from './column-sources';
import { useFieldRule, useServerText } from '@/components/common/use-field-rule';
import { useHydrated } from '@/components/common/use-hydrated';
import { lazyPart } from '@/components/common/lazy-part';
import { NumberRangeInput } from './number-range-input';

/**
 * The widgets of the rarer kinds (a file, a region, a menu icon, a tree of options) are
 * downloaded when a form first shows one, not with every table page's search form.
 */
const FileInput = lazyPart(() => import('./field-widgets').then((m) => m.FileInput));
const IconPicker = lazyPart(() => import('./field-widgets').then((m) => m.IconPicker));
const RegionInput = lazyPart(() => import('./field-widgets').then((m) => m.RegionInput));
const TreeSelect = lazyPart<TreeSelectProps>(() => import('./tree-select').then((m) => m.default as ComponentType<TreeSelectProps>));

/** While the rich-text editor loads. */
function EditorLoading() {
  const t = useTranslations('crud.richText');
  return <div role="status" style={{ minHeight: 200, padding: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{t('loading')}</div>;
}

/** The rich-text editor, downloaded only when a form shows a rich-text field, and only in the browser. */
const LazyEditor = lazy(() => import('./rich-text-editor'));
function RichTextEditor(props: ComponentProps<typeof LazyEditor>) {
  const hydrated = useHydrated();
  if (!hydrated) return <EditorLoading />;
  return <Suspense fallback={<EditorLoading />}><LazyEditor {...props} /></Suspense>;
}

/** Options of a select field: fixed ones (translated) or loaded from their call. */
function useFieldOptions(field: FieldSpec): { options: Option[] | TreeOption[]; loading: boolean } {
  const t = useTranslations();
  const { data, isLoading } = useOptionCall(field.source?.path ?? null, field.source?.body);
  if (field.source) return { options: data ? field.source.toOptions(data) : [], loading: isLoading };
  return { options: (field.options ?? []).map((o) => ({ ...o, label: t(o.label) })), loading: false };
}

/** Quick choices of a date range, counted from China's today. */
function useRangePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const t = useTranslations('crud.dates');
  const today = todayValue();
  return [
    { label: t('today'), value: [today, today] },
    { label: t('last7'), value: [today.subtract(6, 'day'), today] },
    { label: t('last30'), value: [today.subtract(29, 'day'), today] },
    { label: t('thisMonth'), value: [today.startOf('month'), today] },
  ];
}

/** Kinds whose value is chosen rather than typed: their required message says 请选择. */
const CHOICE_KINDS: readonly FieldSpec['kind'][] = ['select', 'multiSelect', 'treeSelect', 'region', 'switch', 'date', 'dateRange'];
/** Dropdowns: their placeholder reads 全部 in a search, 请选择 in a form (the date pickers keep antd's own). */
const SELECT_KINDS: readonly FieldSpec['kind'][] = ['select', 'multiSelect', 'treeSelect', 'region', 'icon'];

/**
 * The input of one field, by kind. `search` makes selects clearable and text inputs plain;
 * `idle` (a closed dialog) keeps the rich-text editor from loading until it is shown.
 */
export function FieldInput({ field, search = false, disabled = false, idle = false, ...rest }: {
  field: FieldSpec; search?: boolean; disabled?: boolean; idle?: boolean; [key: string]: unknown;
}) {
  const t = useTranslations();
  const { options, loading } = useFieldOptions(field);
  const presets = useRangePresets();
  // A choice reads '全部' in a search (no choice, no filter) and '请选择' in a form.
  const placeholder = field.placeholder ? t(field.placeholder) : SELECT_KINDS.includes(field.kind) ? t(search ? 'crud.all' : 'crud.pick') : undefined;
  const common = { disabled, placeholder, 'aria-label': t(field.label), ...rest };
  // What Form.Item hands its control.
  const control = rest as { id?: string; value?: never; onChange?: (value: unknown) => void };
  const controlled = { id: control.id, value: control.value, onChange: control.onChange, disabled };
  const bounds = { min: field.bounds?.min, max: field.bounds?.max, precision: field.bounds?.precision };
  switch (field.kind) {
    case 'password': return <Input.Password {...common} autoComplete="new-password" />;
    case 'textarea': return <Input.TextArea {...common} rows={3} maxLength={field.max} showCount={!!field.max} />;
    case 'number': return <InputNumber {...common} {...bounds} style={{ width: '100%' }} />;
    case 'numberRange': return <NumberRangeInput field={field} {...controlled} />;
    case 'switch': return search
      ? <Select {...common} placeholder={placeholder ?? t('crud.all')} allowClear style={{ width: '100%' }} options={[{ value: 'true', label: t('crud.yes') }, { value: 'false', label: t('crud.no') }]} />
      : <Switch {...common} />;
    case 'date': return <DatePicker {...common} style={{ width: '100%' }} />;
    case 'dateRange': return <RangePicker {...(common as object)} presets={presets} style={{ width: '100%' }} />;
    case 'icon': return <IconPicker {...common} />;
    case 'region': return <RegionInput {...controlled} placeholder={placeholder} />;
    case 'file': return <FileInput field={field} {...controlled} />;
    case 'richText': return idle ? <EditorLoading /> : <RichTextEditor field={field} {...controlled} />;
    case 'treeSelect': return (
      <TreeSelect {...common} treeData={options as TreeOption[]} loading={loading} allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll style={{ width: '100%' }} />
    );
    case 'tags': return (
      <Select {...common} mode="tags" options={options as Option[]} maxCount={field.maxTags} tokenSeparators={[',', '，']} notFoundContent={null} allowClear style={{ width: '100%' }} />
    );
    case 'select':
    case 'multiSelect': return (
      <Select {...common} options={options as Option[]} loading={loading} allowClear={search || !field.required} showSearch optionFilterProp="label"
        mode={field.kind === 'multiSelect' ? 'multiple' : undefined} style={{ width: '100%' }} />
    );
    default: return <Input {...common} maxLength={field.max} allowClear={search} />;
  }
}

/** The rich-text rules, loaded with the editor (not by every screen of the engine). */
const richTextRules = () => import('@/lib/contract/rich-text-rules');

/** The checks a kind brings of its own: a range's order, tags' count and length, a rich text's length. */
async function kindCheck(field: FieldSpec, value: unknown): Promise<[string, Record<string, number>?] | null> {
  if (field.kind === 'numberRange' && Array.isArray(value)) {
    const [min, max] = value as [number | null, number | null];
    return min !== null && max !== null && min > max ? ['crud.range.order'] : null;
  }
  if (field.kind === 'richText' && field.max && typeof value === 'string' && (await richTextRules()).richTextLength(value) > field.max) {
    return ['crud.richText.tooLong', { max: field.max }];
  }
  if (field.kind === 'tags' && Array.isArray(value)) {
    if (field.maxTags && value.length > field.maxTags) return ['crud.tags.tooMany', { max: field.maxTags }];
    if (field.max && value.some((tag) => [...String(tag).trim()].length > field.max!)) return ['crud.tags.tooLong', { max: field.max }];
  }
  return null;
}

/** The validation rules of a form field: required, its contract rule, its length, its kind's checks and its own check. */
export function useFieldRules() {
  const t = useTranslations();
  const contractRule = useFieldRule();
  const text = useServerText();
  return (field: FieldSpec): FormRule[] => [
    // A rich text is there when it has text: an emptied editor still holds markup.
    ...(field.required && field.kind === 'richText' ? [{
      required: true,
      validator: async (_: unknown, value: unknown) => {
        if ((await richTextRules()).richTextBlank(value)) throw new Error(t('crud.required', { field: t(field.label) }));
      },
    }] : []),
    ...(field.required && field.kind !== 'richText' ? [{ required: true, message: t(field.kind === 'file' ? 'crud.file.required' : CHOICE_KINDS.includes(field.kind) ? 'crud.choose' : 'crud.required', { field: t(field.label) }) }] : []),
    ...(field.rule ? [contractRule(field.rule)] : []),
    ...(field.max && (field.kind === 'text' || field.kind === 'password') ? [{ max: field.max, message: t('validation.tooLong') }] : []),
    ...(field.kind === 'numberRange' || field.kind === 'tags' || field.kind === 'richText' ? [{
      validator: async (_: unknown, value: unknown) => {
        const problem = await kindCheck(field, value);
        if (problem) throw new Error(t(problem[0], { field: t(field.label), ...problem[1] }));
      },
    }] : []),
    ...(field.check ? [({ getFieldsValue }: { getFieldsValue: () => Record<string, unknown> }) => ({
      validator: async (_: unknown, value: unknown) => {
        const key = field.check!(value, getFieldsValue());
        if (key) throw new Error(await text(key));
      },
    })] : []),
  ];
}
