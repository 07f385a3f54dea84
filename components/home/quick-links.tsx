'use client';

import { Card} from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { MenuItem } from '@/lib/contract/auth';
import { mostUsedPages } from '@/lib/page-usage';
import styles from './home.module.css';
import { EmptyState } from '@/components/common/empty-state';

const QUICK = 8;

const leaves = (menu: MenuItem[]): MenuItem[] => menu.flatMap((item) => (item.children.length ? leaves(item.children) : item.path ? [item] : []));

/**
 * Quick links: the pages this user opens most in this browser, then the first pages of their
 * menu until there are enough; only pages the menu still allows.
 */
export function QuickLinks({ menu, username }: { menu: MenuItem[]; username: string }) {
  const t = useTranslations('home');
  const locale = useLocale();
  const pages = leaves(menu);
  const [used, setUsed] = useState<{ path: string; count: number }[]>([]);
  useEffect(() => setUsed(mostUsedPages(username, QUICK)), [username]);
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const chosen = [...used.map((u) => byPath.get(u.path)).filter((p): p is MenuItem => Boolean(p)), ...pages];
  const links = [...new Map(chosen.map((p) => [p.path, p])).values()].slice(0, QUICK);
  const counts = new Map(used.map((u) => [u.path, u.count]));
  return (
    <Card title={t('quickLinks')} size="small">
      {links.length === 0 ? <EmptyState description={t('nothing')} /> : (
        <ul className={styles.links}>
          {links.map((item) => (
            <li key={item.path}>
              <Link href={item.path} prefetch={false}>{locale === 'en' ? item.titleEn : item.title}</Link>
              {counts.has(item.path) && <span className={styles.count}>{t('opened', { count: counts.get(item.path)! })}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
