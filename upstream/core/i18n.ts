import type { Locale } from '../../lib/contract/auth';
import { lookup, MESSAGES } from '../../lib/i18n';

/** The caller's language from Accept-Language: English when it asks for it first, else Chinese. */
export function localeOf(acceptLanguage: string | null | undefined): Locale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

/** Texts of the service live under `upstream` (and `validation`) in messages/*.json. */
export function translator(locale: Locale) {
  return (key: string, params?: Record<string, string | number>) =>
    lookup(MESSAGES[locale], `upstream.${key}`, params) ?? lookup(MESSAGES[locale], key, params) ?? key;
}
export type Translate = ReturnType<typeof translator>;
