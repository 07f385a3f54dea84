'use client';

import { DownOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/api/client';
import styles from './admin-shell.module.css';
import { useApp } from '@/components/providers/app-notices';

/** The user dropdown: my home, settings, change password and log out (with the confirmation of SPEC.md section 4). */
export function UserMenu({ nickname, onSettings, compact = false }: { nickname: string; onSettings: () => void; compact?: boolean }) {
  const t = useTranslations('shell');
  const { modal, message } = useApp();
  const router = useRouter();

  const logout = () => modal.confirm({
    title: t('logoutTitle'),
    content: t('logoutContent'),
    onOk: async () => {
      try {
        await api('admin/logOut', {}, { silent: true });
      } catch {
        void message.error(t('logoutFailed'));
        return;
      }
      window.location.assign('/');
    },
  });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', icon: <HomeOutlined />, label: t('myHome'), onClick: () => router.push('/account') },
          { key: 'setting', icon: <SettingOutlined />, label: t('setting'), onClick: onSettings },
          { key: 'password', icon: <KeyOutlined />, label: t('changePassword'), onClick: () => router.push('/account/password') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), onClick: logout },
        ],
      }}
    >
      <Button type="text" aria-label={nickname}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1f5fbf' }} />
          {!compact && <span className={styles.nickname}>{nickname}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Button>
    </Dropdown>
  );
}
