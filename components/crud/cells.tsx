'use client';

import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatChinaDate, formatChinaTime } from '@/lib/china-time';
import type { ColumnSpec } from '@/lib/resources/types';
import { menuIcon } from '@/components/shell/menu-icons';

const money = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 });

/** A span of minutes as people read it: 2 days 3 hours, 5 hours 10 minutes, 12 minutes. */
function formatMinutes(minutes: number, t: (key: string, values?: Record<string, number>) => string): string {
  const whole = Math.max(0, Math.floor(minutes));
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days) return t('crud.duration.days', { days, hours });
  if (hours) return t('crud.duration.hours', { hours, minutes: whole % 60 });
  return t('crud.duration.minutes', { minutes: whole });
}

/** Renders a cell by its column kind. Empty values show a dash. */
export function renderCell<Row>(column: ColumnSpec<Row>, row: Row, t: (key: string, values?: Record<string, number>) => string): ReactNode {
  const flag = column.flag?.(row);
  const cell = renderValue(column, row, t);
  return flag ? <>{cell} <Tag color={flag.color}>{t(flag.label, flag.values)}</Tag></> : cell;
}

function renderValue<Row>(column: ColumnSpec<Row>, row: Row, t: (key: string, values?: Record<string, number>) => string): ReactNode {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the dash is read out by its label where assistive tools honour it
  if (value === null || value === undefined || value === '') return <span aria-label={t('crud.empty')}>—</span>;
  // A list of values (borrower types, required documents): a tag each, by its option's label when it has one.
  if (Array.isArray(value)) {
    return value.map((v) => {
      const found = column.options?.find((o) => o.value === v);
      const label = found ? (column.literal ? found.label : t(found.label)) : String(v);
      return <Tag key={String(v)} color={found?.color}>{label}</Tag>;
    });
  }
  switch (column.kind) {
    // Dates and times on China's clock, whatever the browser's zone (DESIGN.md section 5).
    case 'date': return formatChinaDate(value as string);
    case 'datetime': return formatChinaTime(value as string);
    case 'money': return money.format(Number(value));
    case 'boolean': return t(value ? 'crud.yes' : 'crud.no');
    case 'duration': return formatMinutes(Number(value), t);
    // The icon itself; its name only in the tooltip.
    case 'icon': return <Tooltip title={String(value)}><span role="img" aria-label={String(value)}>{menuIcon(String(value))}</span></Tooltip>;
    case 'enum':
    case 'tag': {
      const option = column.options?.find((o) => o.value === value);
      const label = option ? (column.literal ? option.label : t(option.label)) : String(value);
      return column.kind === 'tag' || option?.color ? <Tag color={option?.color}>{label}</Tag> : label;
    }
    default:
      return String(value);
  }
}
