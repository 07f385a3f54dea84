'use client';

import { MenuFoldOutlined, MenuUnfoldOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Menu, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import type { MenuItem } from '@/lib/contract/auth';
import type { DeviceClass } from '@/lib/device';
import { HOME_PATH } from '@/lib/routes';
import { LocaleSwitch } from '@/components/common/locale-switch';
import { MenuSearch } from './menu-search';
import { MessageBell } from './message-bell';
import { UserMenu } from './user-menu';
import { ALL_GROUPS } from './header-groups';
import { useShell } from './shell-context';
import styles from './admin-shell.module.css';
import { SHELL_PART } from './part-names';

/** The header: menu toggle, the top menu of header groups, search, messages, language and the user. */
export function HeaderBar({ device, collapsed, onToggle, group, onGroup, onSettings }: {
  device: DeviceClass;
  collapsed: boolean;
  onToggle: () => void;
  group: string;
  onGroup: (group: string) => void;
  onSettings: () => void;
}) {
  const t = useTranslations('shell');
  const router = useRouter();
  const { user, menu, clearGrants } = useShell();
  const groups = [...new Set(menu.map((item: MenuItem) => item.header).filter((h): h is string => !!h))];
  const desktop = device === 'desktop';
  const returnToEntry = async () => {
    await clearGrants();
    router.push(HOME_PATH);
  };
  const toggleLabel = device === 'mobile' ? t('openMenu') : collapsed ? t('expand') : t('collapse');
  return (
    <div className={styles.headerInner} data-deferred-part={SHELL_PART.header}>
      <Button type="text" onClick={onToggle} aria-label={toggleLabel} icon={collapsed || device === 'mobile' ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
      {desktop && groups.length > 1 && (
        <Menu
          mode="horizontal"
          className={styles.topMenu}
          selectedKeys={[group]}
          onClick={({ key }) => onGroup(key)}
          items={[ALL_GROUPS, ...groups].map((key) => ({ key, label: key === ALL_GROUPS ? t('allGroups') : t(`groups.${key}` as 'groups.business') }))}
        />
      )}
      <div className={styles.headerActions}>
        {device !== 'mobile' && <div className={styles.search}><MenuSearch menu={menu} /></div>}
        {user.type === 0 && (
          <Tooltip title={t('returnEntry')}>
            <Button type="text" icon={<RollbackOutlined />} onClick={returnToEntry} aria-label={t('returnEntry')}>
              {desktop ? <span className={styles.entryLabel}>{t('returnEntry')}</span> : null}
            </Button>
          </Tooltip>
        )}
        <MessageBell />
        <LocaleSwitch labelClassName={styles.localeLabel} />
        <UserMenu nickname={user.nickname} onSettings={onSettings} compact={device === 'mobile'} />
      </div>
    </div>
  );
}
