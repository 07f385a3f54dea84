import en from '../messages/en.json';
import zh from '../messages/zh-CN.json';
import { LOCALES, type Locale } from './contract/auth';
import { lookup, mergeTexts } from './contract/text-catalogue';
import sharedEn from './contract/texts/en.json';
import sharedZh from './contract/texts/zh-CN.json';

/** The UI's texts: its own catalogue (messages/) and the texts it shares with the service. */
export const UI_TEXTS = { en: mergeTexts(en, sharedEn), 'zh-CN': mergeTexts(zh, sharedZh) };

export const translate = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  lookup(UI_TEXTS[locale], key, params) ?? key;

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The first supported language of an Accept-Language header, if any. */
export function browserLocale(acceptLanguage: string | null | undefined): Locale | null {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return null;
}

/**
 * The language a request is served in: the signed-in user's stored choice, then the
 * browser's stored choice, then the browser language when LOCALE_AUTO is on, then DEFAULT_LOCALE.
 */
export function resolveLocale(input: {
  sessionLocale?: string | null;
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
  auto: boolean;
  fallback: Locale;
}): Locale {
  if (isLocale(input.sessionLocale)) return input.sessionLocale;
  if (isLocale(input.cookieLocale)) return input.cookieLocale;
  return (input.auto ? browserLocale(input.acceptLanguage) : null) ?? input.fallback;
}
