'use client';

import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { setNotifier } from '@/lib/api/client';

/** Shows API errors with antd's message, in the current language. */
export function ApiNotifier() {
  const { message } = App.useApp();
  const t = useTranslations('errors');
  useEffect(() => {
    setNotifier((notice) => {
      const text = 'text' in notice ? notice.text : t(notice.key);
      void message.error({ content: text, key: text });
    });
  }, [message, t]);
  return null;
}
