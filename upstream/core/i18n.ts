import type { Locale } from '../../lib/contract/auth';
import { lookup, mergeTexts, type Tree } from '../../lib/contract/text-catalogue';
import sharedEn from '../../lib/contract/texts/en.json';
import sharedZh from '../../lib/contract/texts/zh-CN.json';
import en from '../messages/en.json';
import zh from '../messages/zh-CN.json';

/** The service's texts: its own catalogue (upstream/messages) and the texts it shares with the UI. */
export const SERVICE_TEXTS: Record<Locale, Tree> = { en: mergeTexts(en, sharedEn), 'zh-CN': mergeTexts(zh, sharedZh) };

/** The caller's language from Accept-Language: English when it asks for it first, else Chinese. */
export function localeOf(acceptLanguage: string | null | undefined): Locale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

/** The service's own texts live under `upstream`; shared ones (validation, statuses...) under their own names. */
export function translator(locale: Locale) {
  return (key: string, params?: Record<string, string | number>) =>
    lookup(SERVICE_TEXTS[locale], `upstream.${key}`, params) ?? lookup(SERVICE_TEXTS[locale], key, params) ?? key;
}
export type Translate = ReturnType<typeof translator>;

/**
 * A text kept in both languages by the people who wrote it (a region, a flow, a refusal reason):
 * the English one for an English reader when there is one, else the Chinese one as written.
 */
export function inReaderLanguage<T extends string | null>(locale: Locale, zh: T, en: string | null | undefined): T | string {
  return locale === 'en' && en ? en : zh;
}
