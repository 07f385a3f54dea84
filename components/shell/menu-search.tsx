'use client';

import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MenuItem } from '@/lib/contract/auth';
import { browserPart } from '@/components/common/lazy-part';
import { THEME_CLASS } from '@/lib/theme';

export interface SearchBoxProps {
  menu: MenuItem[];
  query: string;
  setQuery: (query: string) => void;
  focused: boolean;
  setFocused: (focused: boolean) => void;
}

/**
 * The box antd's input draws (its markup and classes, so nothing moves), without its list,
 * while the list's code (antd's input and select) comes: what is typed meanwhile stays.
 */
function PlainBox({ query, setQuery, focused, setFocused }: SearchBoxProps) {
  const t = useTranslations('shell');
  return (
    <span className={`ant-input-affix-wrapper ant-input-outlined ${THEME_CLASS} ant-input-css-var${focused ? ' ant-input-affix-wrapper-focused' : ''}`}>
      <span className="ant-input-prefix"><SearchOutlined /></span>
      <input className="ant-input" type="text" placeholder={t('search')} aria-label={t('search')} value={query}
        onChange={(event) => setQuery(event.target.value)} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} />
      <span className="ant-input-suffix"><span className="ant-input-clear-icon ant-input-clear-icon-hidden"><CloseCircleFilled /></span></span>
    </span>
  );
}

const SearchBox = browserPart<SearchBoxProps>(() => import('./menu-search-box').then((m) => m.MenuSearchBox), (props) => <PlainBox {...props} />);

/**
 * Finds any menu entry the user may open, by its title in either language; Enter or a click
 * opens it in a tab. The list (antd's select) is not in the page's first load.
 */
export function MenuSearch({ menu }: { menu: MenuItem[] }) {
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  return <SearchBox menu={menu} query={query} setQuery={setQuery} focused={focused} setFocused={setFocused} />;
}
