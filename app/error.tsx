'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import styles from '@/components/common/error-result.module.css';
import { chunkFailure, CSS_CHUNK_LOAD_FAILED } from '@/lib/chunk-failure';
import { THEME_CLASS } from '@/lib/theme';

/**
 * A page that failed to render. A failed chunk load (often a new release replacing the old
 * files) is logged and offers a reload; anything else shows the 500 page's text and 'Back to
 * home'. Plain markup on the 500 page's styles: this boundary loads with every page, the
 * sign-in pages' too, and sits outside antd's providers.
 */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations();
  const chunk = chunkFailure(error);
  useEffect(() => {
    // The log (with its China-time stamps) loads only when a page has failed.
    void import('@/lib/client-log').then(({ writeLog }) => writeLog(error.message || String(error), 'error', chunk ?? undefined));
  }, [error, chunk]);
  return (
    <main role="alert" className={`${THEME_CLASS} ${styles.page}`}>
      <div className={styles.result}>
        {chunk ? (
          <>
            <p className={styles.subtitle}>{t(chunk === CSS_CHUNK_LOAD_FAILED ? 'log.cssChunkFailed' : 'log.chunkFailed')}</p>
            <div className={styles.extra}>
              <button type="button" className={styles.button} onClick={() => window.location.reload()}>{t('log.reload')}</button>
            </div>
          </>
        ) : (
          <>
            <h1 className={styles.title}>500</h1>
            <p className={styles.subtitle}>{t('errorPage.500')}</p>
            <div className={styles.extra}>
              <a href="/" className={styles.button}>{t('common.backHome')}</a>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
