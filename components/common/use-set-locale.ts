'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useTransition } from 'react';
import { api } from '@/lib/api/client';
import type { Locale } from '@/lib/contract/locales';

/**
 * The language menus' choice: stores it (in this browser, for the signed-in user) and
 * re-renders the page in it. `choose` is true when the language changed, and throws when it
 * could not be stored.
 */
export function useSetLocale() {
  const current = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = useCallback(async (locale: Locale) => {
    if (locale === current) return false;
    await api('admin/setLocale', { locale }, { silent: true });
    startTransition(() => router.refresh());
    return true;
  }, [current, router]);
  return { current, pending, choose };
}
