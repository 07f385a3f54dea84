'use client';

import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { menuTrail, searchMenu } from '@/lib/permissions';
import type { SearchBoxProps } from './menu-search';

/** The search with its list of matching pages (see MenuSearch). */
export function MenuSearchBox({ menu, query, setQuery, focused, setFocused }: SearchBoxProps) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const router = useRouter();
  const options = useMemo(() => searchMenu(menu, query).map((item) => {
    const trail = menuTrail(menu, item.path).map((i) => (locale === 'en' ? i.titleEn : i.title));
    return { value: item.path, label: <span>{trail.join(' / ')}</span> };
  }), [menu, query, locale]);
  return (
    <AutoComplete
      value={query}
      options={options}
      onSearch={setQuery}
      onSelect={(path: string) => { setQuery(''); router.push(path); }}
      notFoundContent={query.trim() ? t('searchEmpty') : null}
      defaultActiveFirstOption
      style={{ width: '100%' }}
      popupMatchSelectWidth={320}
    >
      {/* Focused when it replaces a box the user was already typing in. */}
      <Input prefix={<SearchOutlined />} placeholder={t('search')} aria-label={t('search')} allowClear autoFocus={focused}
        onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} />
    </AutoComplete>
  );
}
