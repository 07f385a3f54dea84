import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleMenu } from '@/components/public/locale-menu';
import { THEME_CLASS } from '@/lib/theme';
import styles from './auth-frame.module.css';

/** The frame of the sign-in pages: brand, language menu and a centred card (plain markup on the theme's variables). */
export async function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = await getTranslations('app');
  return (
    <div className={`${THEME_CLASS} ${styles.page}`}>
      <div className={styles.lang}><LocaleMenu /></div>
      <main className={styles.main}>
        <header className={styles.brand}>
          <svg className={styles.logo} viewBox="0 0 48 48" aria-hidden="true">
            <rect width="48" height="48" rx="10" fill="#1f5fbf" />
            <path d="M12 30 L24 14 L36 30 Z" fill="#fff" opacity="0.9" />
            <rect x="14" y="32" width="20" height="4" rx="2" fill="#ffd666" />
          </svg>
          <div>
            <h1 className={styles.name}>{t('name')}</h1>
            <p className={styles.description}>{t('description')}</p>
          </div>
        </header>
        <section className={styles.card} aria-label={title}>
          <h2 className={styles.title}>{title}</h2>
          {children}
        </section>
      </main>
    </div>
  );
}
