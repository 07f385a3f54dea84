'use client';

import { Badge, Menu, type MenuProps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { MenuItem } from '@/lib/contract/auth';
import { menuTrail, soleOpenGroups } from '@/lib/permissions';
import { menuIcon } from './menu-icons';
import { usePendingCounts } from './use-pending-counts';
import { stageOfPath } from '@/lib/workflow/stages';
import { SHELL_PART } from './part-names';

type Items = NonNullable<MenuProps['items']>;

type PendingLabel = (count: number) => string;

function toItems(menu: MenuItem[], locale: string, pending: Record<string, number>, pendingLabel: PendingLabel, onNavigate?: () => void): Items {
  return menu.map((item) => {
    const label = locale === 'en' ? item.titleEn : item.title;
    if (item.children.length) {
      return { key: item.path, icon: menuIcon(item.icon), label, children: toItems(item.children, locale, pending, pendingLabel, onNavigate) };
    }
    const count = pending[item.path] ?? 0;
    return {
      key: item.path,
      icon: menuIcon(item.icon),
      label: (
        <Link href={item.path} onClick={onNavigate} className="side-menu-link" title={count > 0 ? `${label} · ${pendingLabel(count)}` : label}>
          <span>{label}</span>
          {/* The entry keeps its title as its name; the hover text (title) holds it whole, with the count. */}
          {count > 0 && <span aria-hidden="true"><Badge count={count} overflowCount={999} size="small" /></span>}
        </Link>
      ),
    };
  });
}

const hasWorkbench = (menu: MenuItem[]): boolean => menu.some((item) => Boolean(stageOfPath(item.path)) || hasWorkbench(item.children));

/** The side menu (dark): the user's menu with pending-case badges, the current page selected and its groups open. */
export function SideMenu({ menu, collapsed, onNavigate }: { menu: MenuItem[]; collapsed: boolean; onNavigate?: () => void }) {
  const locale = useLocale();
  const pathname = usePathname();
  const trail = useMemo(() => menuTrail(menu, pathname).map((item) => item.path), [menu, pathname]);
  // One group open at a time: the current page's, until the user opens another.
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));
  useEffect(() => {
    if (!collapsed) setOpenKeys(trail.slice(0, -1));
  }, [trail, collapsed]);
  const onOpenChange = (keys: string[]) => setOpenKeys((previous) => soleOpenGroups(menu, previous, keys));
  const pending = usePendingCounts(useMemo(() => hasWorkbench(menu), [menu]));
  const t = useTranslations('approval');
  const items = useMemo(() => toItems(menu, locale, pending, (count) => t('pendingCount', { count }), onNavigate), [menu, locale, pending, t, onNavigate]);
  return (
    <Menu
      data-deferred-part={SHELL_PART.sideMenu}
      className="side-menu"
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={trail.slice(-1)}
      {...(collapsed ? {} : { openKeys, onOpenChange })}
    />
  );
}
