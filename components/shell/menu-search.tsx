'use client';

import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { MenuItem } from '@/lib/contract/auth';
import { menuTrail, searchMenu } from '@/lib/permissions';

/** Finds any menu entry the user may open, by its title in either language; Enter or a click opens it in a tab. */
export function MenuSearch({ menu }: { menu: MenuItem[] }) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const router = useRouter();
  const [query, setQuery] = useState('');
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
      <Input prefix={<SearchOutlined />} placeholder={t('search')} aria-label={t('search')} allowClear />
    </AutoComplete>
  );
}
