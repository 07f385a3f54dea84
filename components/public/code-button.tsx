'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import styles from './public.module.css';

/** SPEC.md section 9: the default resend countdown. */
const CODE_SECONDS = 60;

/**
 * Asks the host to request a code; while the countdown runs the button is disabled and
 * shows the seconds left. The countdown starts only when the request succeeded.
 */
export function CodeButton({ onRequest, label, seconds = CODE_SECONDS }: { onRequest: () => Promise<boolean>; label: string; seconds?: number }) {
  const t = useTranslations('common');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const request = async () => {
    setBusy(true);
    try {
      if (await onRequest()) setLeft(seconds);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`${styles.button} ${styles.code}`} disabled={left > 0 || busy} aria-busy={busy || undefined} onClick={request}>
      {left > 0 ? `${left} ${t('seconds')}` : label}
    </button>
  );
}
