'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { setNotifier } from '@/lib/api/client';
import { useApp } from './app-notices';

/** Shows API errors with antd's message, in the current language. */
export function ApiNotifier() {
  const { message } = useApp();
  const t = useTranslations('errors');
  useEffect(() => {
    setNotifier((notice) => {
      const text = 'text' in notice ? notice.text : t(notice.key);
      void message.error({ content: text, key: text });
    });
  }, [message, t]);
  return null;
}
