'use client';

import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Popover, Space, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';

export type Density = 'large' | 'middle' | 'small';
const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

/** What a person chose for one table: the columns' order, the hidden ones and the density. */
interface Stored { order?: string[]; hidden?: string[]; density?: Density }

/** A column as the settings know it: its key, its title (already translated) and whether it starts hidden. */
export interface SettingsColumn { key: string; title: string; hidden?: boolean }

const storageKey = (username: string, table: string) => `lbo.table.${username}.${table}`;

function read(key: string): Stored {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Stored;
    return {
      order: Array.isArray(value.order) ? value.order.filter((k) => typeof k === 'string') : undefined,
      hidden: Array.isArray(value.hidden) ? value.hidden.filter((k) => typeof k === 'string') : undefined,
      density: DENSITIES.includes(value.density as Density) ? value.density : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * The columns shown (in order) and the density of a table, kept per user and table in this
 * browser. Columns added to a table later take their place from the spec; columns removed
 * from it are forgotten.
 */
export function useTableSettings(table: string, columns: SettingsColumn[]) {
  const { user } = useShell();
  const key = storageKey(user.username, table);
  const [stored, setStored] = useState<Stored>({});
  useEffect(() => { setStored(read(key)); }, [key]);
  const save = useCallback((next: Stored) => {
    setStored(next);
    try { window.localStorage.setItem(key, JSON.stringify(next)); } catch { /* kept for this page */ }
  }, [key]);

  const keys = columns.map((c) => c.key);
  const known = (stored.order ?? []).filter((k) => keys.includes(k));
  const order = [...known, ...keys.filter((k) => !known.includes(k))];
  const hidden = new Set(stored.hidden ?? columns.filter((c) => c.hidden).map((c) => c.key));
  const density: Density = stored.density ?? 'middle';
  return {
    order, hidden, density,
    setDensity: (value: Density) => save({ ...stored, density: value }),
    toggle: (column: string, shown: boolean) => {
      const next = new Set(hidden);
      if (shown) next.delete(column); else next.add(column);
      // At least one column stays.
      if (next.size >= keys.length) return;
      save({ ...stored, order, hidden: [...next] });
    },
    move: (column: string, step: -1 | 1) => {
      const at = order.indexOf(column);
      const to = at + step;
      if (at < 0 || to < 0 || to >= order.length) return;
      const next = [...order];
      [next[at], next[to]] = [next[to]!, next[at]!];
      save({ ...stored, order: next, hidden: [...hidden] });
    },
    reset: () => save({ density: stored.density }),
  };
}

type Settings = ReturnType<typeof useTableSettings>;

/** The table toolbar's density switch and column settings (show, hide, order). */
export function TableSettings({ columns, settings }: { columns: SettingsColumn[]; settings: Settings }) {
  const t = useTranslations('crud.table');
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const list = (
    <Flex vertical gap={2} style={{ minWidth: 220 }}>
      {settings.order.map((key, index) => (
        <Flex key={key} align="center" justify="space-between" gap={8}>
          <Checkbox checked={!settings.hidden.has(key)} onChange={(e) => settings.toggle(key, e.target.checked)}>{byKey.get(key)?.title}</Checkbox>
          <Space size={0}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0}
              aria-label={t('moveUp', { column: byKey.get(key)?.title ?? key })} onClick={() => settings.move(key, -1)} />
            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === settings.order.length - 1}
              aria-label={t('moveDown', { column: byKey.get(key)?.title ?? key })} onClick={() => settings.move(key, 1)} />
          </Space>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Space size={4}>
      <Dropdown trigger={['click']} menu={{
        selectable: true, selectedKeys: [settings.density],
        items: DENSITIES.map((d) => ({ key: d, label: t(`density.${d}`) })),
        onClick: ({ key }) => settings.setDensity(key as Density),
      }}>
        <Tooltip title={t('density.title')}><Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('density.title')} /></Tooltip>
      </Dropdown>
      <Popover trigger="click" placement="bottomRight" content={list}
        title={<Flex justify="space-between" align="center" gap={16}>{t('columns')}<Button type="link" size="small" onClick={settings.reset}>{t('reset')}</Button></Flex>}>
        <Tooltip title={t('columns')}><Button type="text" icon={<SettingOutlined />} aria-label={t('columns')} /></Tooltip>
      </Popover>
    </Space>
  );
}
