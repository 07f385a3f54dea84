'use client';

import { useHydrated } from '@/components/common/use-hydrated';
import styles from './public.module.css';

/** A form's primary button, full width; disabled until the page can handle the form, and while it is being sent. */
export function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={`${styles.button} ${styles.primary} ${styles.block}`} disabled={!hydrated || busy} aria-busy={busy || undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {label}
    </button>
  );
}
