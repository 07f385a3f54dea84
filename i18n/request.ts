import { getRequestConfig } from 'next-intl/server';
import { requestLocale } from '@/lib/server/request';
import { UI_TEXTS } from '@/lib/i18n';

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: UI_TEXTS[locale], timeZone: 'Asia/Shanghai' };
});
