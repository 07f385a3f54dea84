import { getRequestConfig } from 'next-intl/server';
import { requestLocale } from '@/lib/server/request';
import { MESSAGES } from '@/lib/i18n';

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: MESSAGES[locale], timeZone: 'Asia/Shanghai' };
});
