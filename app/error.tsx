'use client';

import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { chunkFailure, CSS_CHUNK_LOAD_FAILED, writeLog } from '@/lib/client-log';

/**
 * A page that failed to render. A failed chunk load (often a new release replacing the old
 * files) is logged and offers a reload; anything else shows the 500 text and 'Back to home'.
 * Kept light: this boundary loads with every page.
 */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations();
  const chunk = chunkFailure(error);
  useEffect(() => {
    writeLog(error.message || String(error), 'error', chunk ?? undefined);
  }, [error, chunk]);
  return (
    <main role="alert" style={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 16 }}>
      {chunk ? (
        <>
          <p style={{ margin: 0 }}>{t(chunk === CSS_CHUNK_LOAD_FAILED ? 'log.cssChunkFailed' : 'log.chunkFailed')}</p>
          <Button type="primary" onClick={() => window.location.reload()}>{t('log.reload')}</Button>
        </>
      ) : (
        <>
          <h1 style={{ margin: 0, fontSize: 48, color: 'rgba(0,0,0,0.25)' }}>500</h1>
          <p style={{ margin: 0 }}>{t('errorPage.500')}</p>
          <Button type="primary" href="/">{t('common.backHome')}</Button>
        </>
      )}
    </main>
  );
}
