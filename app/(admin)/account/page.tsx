import type { Metadata } from 'next';
import { Card, Descriptions } from 'antd';
import { getTranslations } from 'next-intl/server';
import { currentUserInfo } from '@/lib/server/request';
import '@/styles/antd/descriptions.generated.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('title') };
}

const mask = (mobile: string | null) => (mobile ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : null);

/** 'My home': the signed-in user's own account. */
export default async function AccountPage() {
  const [t, info] = await Promise.all([getTranslations('account'), currentUserInfo()]);
  const user = info && info !== 'expired' ? info : null;
  const none = t('none');
  return (
    <Card title={t('title')} style={{ maxWidth: 720 }}>
      <Descriptions column={1} bordered size="middle" items={[
        { key: 'username', label: t('username'), children: user?.username ?? none },
        { key: 'nickname', label: t('nickname'), children: user?.nickname ?? none },
        { key: 'org', label: t('org'), children: user?.orgName ?? none },
        { key: 'type', label: t('type'), children: user ? (user.type === 0 ? t('typeAdmin') : t('typeStaff')) : none },
        { key: 'mobile', label: t('mobile'), children: mask(user?.mobile ?? null) ?? none },
        { key: 'mail', label: t('mail'), children: user?.mail ?? none },
      ]} />
    </Card>
  );
}
