import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/auth/auth-frame';
import { Icon } from '@/components/public/icon';
import styles from '@/components/public/public.module.css';
import { currentSession } from '@/lib/server/request';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('register'))('resultTitle') };
}

/** 'registration result': the new account, signed in, waiting for a role (server markup, as antd's Result). */
export default async function RegisterResultPage() {
  const [t, session] = await Promise.all([getTranslations('register'), currentSession()]);
  return (
    <AuthFrame title={t('resultTitle')}>
      <div className={styles.result}>
        <Icon of={CheckCircleFilled} className={styles.resultIcon} />
        <p className={styles.resultTitle}>{session ? t('resultSuccess', { mail: session.user.username }) : t('resultTitle')}</p>
        <p className={styles.resultHint}>{t('resultHint')}</p>
        <div className={styles.resultActions}>
          {session && <a href="/admin/index" className={`${styles.button} ${styles.primary}`}>{t('goHome')}</a>}
          <a href="/login" className={styles.button}>{t('backLogin')}</a>
        </div>
      </div>
    </AuthFrame>
  );
}
