'use client';

import { InputNumber, Space } from 'antd';
import { useTranslations } from 'next-intl';
import type { FieldSpec } from '@/lib/resources/types';

type Ends = [number | null, number | null];

/** Two numbers, smallest and largest; both empty is no value at all. */
export function NumberRangeInput({ field, value, onChange, disabled, id }: {
  field: FieldSpec; value?: Ends; onChange?: (value: Ends | undefined) => void; disabled?: boolean; id?: string;
}) {
  const t = useTranslations();
  const label = t(field.label);
  const [min, max] = value ?? [null, null];
  const set = (next: Ends) => onChange?.(next[0] === null && next[1] === null ? undefined : next);
  const bounds = { min: field.bounds?.min, max: field.bounds?.max, precision: field.bounds?.precision };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number> id={id} {...bounds} value={min} disabled={disabled} style={{ width: '50%' }}
        aria-label={t('crud.range.min', { field: label })} placeholder={t('crud.range.minPlaceholder')}
        onChange={(v) => set([v ?? null, max])} />
      <Space.Addon>~</Space.Addon>
      <InputNumber<number> {...bounds} value={max} disabled={disabled} style={{ width: '50%' }}
        aria-label={t('crud.range.max', { field: label })} placeholder={t('crud.range.maxPlaceholder')}
        onChange={(v) => set([min, v ?? null])} />
    </Space.Compact>
  );
}
