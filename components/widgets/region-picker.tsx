'use client';

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Cascader } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { PROVINCE_PARENT } from '@/lib/contract/limits';
import type { RegionEntry } from '@/lib/contract/region';
import '@/styles/antd/cascader.generated.css';
import { useApp } from '@/components/providers/app-notices';

const AREA_CALL = 'mobile/public/getAreainfo';

/** [provinceCode, cityCode?] */
export type RegionValue = [string, string?];

interface RegionOption {
  value: string;
  label: string;
  name: string;
  isLeaf?: boolean;
  loading?: boolean;
  children?: RegionOption[];
}

const fetchAreas = (parentCode: string) => api(AREA_CALL, { parentCode }, { silent: true });

/** Grouped by letter (A to Z), the service's order kept inside a group; shown as 'H 湖南省'. */
function toOptions(entries: RegionEntry[]): RegionOption[] {
  return [...entries]
    .sort((a, b) => a.letter.localeCompare(b.letter))
    .map((entry) => ({ value: entry.code, label: `${entry.letter} ${entry.name}`, name: entry.name, isLeaf: true }));
}

const matches = (input: string, path: RegionOption[]) => {
  const needle = input.trim().toLowerCase();
  return needle !== '' && path.some((option) => option.name.toLowerCase().includes(needle));
};

/**
 * Province and city picker over the public region call: provinces first, a province's
 * cities when it is opened. A controlled field: works inside an antd Form.Item.
 */
export function RegionPicker({ value, onChange, id, placeholder, disabled, style }: {
  value?: RegionValue;
  onChange?: (value: RegionValue | undefined) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}) {
  const t = useTranslations('widgets.region');
  const { message } = useApp();
  const provinces = useSWR(['region', PROVINCE_PARENT], () => fetchAreas(PROVINCE_PARENT));
  const [cities, setCities] = useState<Record<string, RegionOption[]>>({});
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const requested = useRef(new Set<string>());

  const loadCities = useCallback(async (provinceCode: string) => {
    if (requested.current.has(provinceCode)) return;
    requested.current.add(provinceCode);
    setLoading((now) => new Set(now).add(provinceCode));
    try {
      const entries = await fetchAreas(provinceCode);
      setCities((now) => ({ ...now, [provinceCode]: toOptions(entries) }));
    } catch {
      requested.current.delete(provinceCode); // opening the province again retries
      void message.error(t('citiesFailed'));
    } finally {
      setLoading((now) => {
        const next = new Set(now);
        next.delete(provinceCode);
        return next;
      });
    }
  }, [message, t]);

  // A value set from outside (an edit form) shows its city's name: load that province's cities.
  const provinceCode = value?.[0];
  const cityCode = value?.[1];
  useEffect(() => {
    if (provinceCode && cityCode) void loadCities(provinceCode);
  }, [provinceCode, cityCode, loadCities]);
  // A stable array: the Cascader resets its open column whenever the value's identity changes.
  const cascaderValue = useMemo(
    () => (provinceCode ? (cityCode ? [provinceCode, cityCode] : [provinceCode]) : undefined),
    [provinceCode, cityCode],
  );

  const options = useMemo<RegionOption[]>(() => toOptions(provinces.data ?? []).map((province) => {
    const children = cities[province.value];
    return {
      ...province,
      isLeaf: children !== undefined && children.length === 0,
      loading: loading.has(province.value),
      children: children && children.length > 0 ? children : undefined,
    };
  }), [provinces.data, cities, loading]);

  if (provinces.error && !provinces.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={(
          <Button size="small" icon={<ReloadOutlined />} loading={provinces.isValidating} onClick={() => void provinces.mutate()}>
            {t('retry')}
          </Button>
        )}
      />
    );
  }

  return (
    <Cascader<RegionOption>
      id={id}
      style={{ width: '100%', ...style }}
      options={options}
      value={cascaderValue}
      onChange={(codes) => {
        const [province, city] = (codes ?? []).map(String);
        onChange?.(province ? (city ? [province, city] : [province]) : undefined);
      }}
      loadData={(path) => {
        const province = path[path.length - 1];
        if (province && path.length === 1) void loadCities(province.value);
      }}
      showSearch={{ filter: matches }}
      displayRender={(_labels, selected) => (selected ?? []).map((option) => option?.name).filter(Boolean).join(' / ')}
      placeholder={provinces.isLoading ? t('loading') : (placeholder ?? t('placeholder'))}
      loading={provinces.isLoading}
      disabled={disabled}
      notFoundContent={t('empty')}
      allowClear
    />
  );
}
