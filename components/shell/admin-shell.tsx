'use client';

import { Layout, type DrawerProps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import Link from 'next/link';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DeviceClass } from '@/lib/device';
import { HOME_PATH } from '@/lib/routes';
import { installErrorLogging, setLogIdentity } from '@/lib/client-log';
import { deferredPart, lazyPart, useOpenedOnce } from '@/components/common/lazy-part';
import { ALL_GROUPS } from './header-groups';
import { pageTitle } from './page-titles';
import { SHELL_PART } from './part-names';
import { useDeviceClass } from './use-device';
import { useHeaderHidden, useSettings } from './use-settings';
import { useShell } from './shell-context';
import { useTabs } from './use-tabs';
import type { TabState } from '@/lib/tabs';
import styles from './admin-shell.module.css';

/**
 * The side menu, the header's controls and the tab bar: drawn by the server, their code (antd's
 * menus, tabs, dropdowns and tooltips) downloaded beside the page's hydration.
 */
const SideMenu = deferredPart(SHELL_PART.sideMenu, () => import('./shell-parts').then((m) => m.SideMenu));
const HeaderBar = deferredPart(SHELL_PART.header, () => import('./shell-parts').then((m) => m.HeaderBar));
const TabBar = deferredPart(SHELL_PART.tabs, () => import('./shell-parts').then((m) => m.TabBar));
/** The display settings, downloaded when first opened. */
const SettingsDrawer = lazyPart(() => import('./settings-drawer').then((m) => m.SettingsDrawer));
/** A phone's side menu opens in antd's drawer, downloaded when first opened. */
const Drawer = lazyPart<DrawerProps>(() => import('antd/es/drawer').then((m) => m.default));

/** SPEC.md section 9: side menu width 256, collapsed 80. */
const SIDER_WIDTH = 256;
const SIDER_COLLAPSED_WIDTH = 80;

/**
 * The frame of every signed-in page: side menu (a drawer on phones), header, tab bar and
 * content. The server renders it for the device hint; without one, for a desktop, with CSS
 * media queries giving a phone its layout before the scripts run.
 */
export function AdminShell({ initialDevice, initialTabs, children }: { initialDevice?: DeviceClass; initialTabs?: TabState | null; children: ReactNode }) {
  const t = useTranslations('app');
  const tp = useTranslations('pages');
  const locale = useLocale();
  const pathname = usePathname();
  const { user, menu, canOpen } = useShell();
  const device = useDeviceClass(initialDevice);
  const [settings, updateSettings] = useSettings(user.username);
  const [drawer, setDrawer] = useState(false);
  const drawerOpened = useOpenedOnce(drawer);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsOpened = useOpenedOnce(settingsOpen);
  const [group, setGroup] = useState(ALL_GROUPS);
  const tabs = useTabs(user.username, canOpen, initialTabs);
  const headerHidden = useHeaderHidden(settings.hideHeaderOnScroll);
  const collapsed = device === 'tablet' || settings.collapsed;
  const sideMenu = useMemo(() => (group === ALL_GROUPS ? menu : menu.filter((item) => item.header === group)), [menu, group]);

  useEffect(() => {
    setLogIdentity(user.username, user.uuid);
    return installErrorLogging();
  }, [user.username, user.uuid]);

  const brand = (small: boolean) => (
    <Link href={HOME_PATH} className={styles.brand} aria-label={small ? t('name') : undefined}>
      <svg viewBox="0 0 48 48" className={styles.logo} aria-hidden="true">
        <rect width="48" height="48" rx="10" fill="#1f5fbf" />
        <path d="M12 30 L24 14 L36 30 Z" fill="#fff" opacity="0.9" />
        <rect x="14" y="32" width="20" height="4" rx="2" fill="#ffd666" />
      </svg>
      {!small && <span className={styles.brandName}>{t('shortName')}</span>}
    </Link>
  );

  return (
    <Layout className={styles.shell}>
      <a href="#main-content" className={styles.skip}>{t('skipToContent')}</a>
      {device === 'mobile' ? drawerOpened && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" size={SIDER_WIDTH} closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}>
          {brand(false)}
          <SideMenu menu={menu} collapsed={false} onNavigate={() => setDrawer(false)} />
        </Drawer>
      ) : (
        <Layout.Sider width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED_WIDTH} collapsed={collapsed} trigger={null} className={styles.sider}>
          {brand(collapsed)}
          <SideMenu menu={sideMenu} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <div className={`${styles.top} ${headerHidden ? styles.topHidden : ''}`}>
          <Layout.Header className={styles.header}>
            <HeaderBar
              device={device}
              collapsed={collapsed}
              onToggle={() => (device === 'mobile' ? setDrawer(true) : updateSettings({ collapsed: !settings.collapsed }))}
              group={group}
              onGroup={setGroup}
              onSettings={() => setSettingsOpen(true)}
            />
          </Layout.Header>
          {settings.showTabs && <TabBar tabs={tabs} menu={menu} />}
        </div>
        <Layout.Content id="main-content" tabIndex={-1} className={styles.content}>
          {/* The page's name as its one top heading (the card titles below are the screens' own). */}
          <h1 className={styles.pageHeading}>{pageTitle(pathname, menu, locale, tp)}</h1>
          {children}
        </Layout.Content>
      </Layout>
      {settingsOpened && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} onChange={updateSettings} />}
    </Layout>
  );
}
