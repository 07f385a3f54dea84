import type { Metadata } from 'next';
import { Button, Result } from 'antd';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/auth/auth-frame';
import { currentSession } from '@/lib/server/request';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('register'))('resultTitle') };
}

/** 'registration result': the new account, signed in, waiting for a role. */
export default async function RegisterResultPage() {
  const [t, session] = await Promise.all([getTranslations('register'), currentSession()]);
  return (
    <AuthFrame title={t('resultTitle')}>
      <Result
        status="success"
        title={session ? t('resultSuccess', { mail: session.user.username }) : t('resultTitle')}
        subTitle={t('resultHint')}
        extra={[
          session && <Button type="primary" href="/admin/index" key="home">{t('goHome')}</Button>,
          <Button href="/login" key="login">{t('backLogin')}</Button>,
        ]}
      />
    </AuthFrame>
  );
}
