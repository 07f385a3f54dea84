import { describe, expect, it } from 'vitest';
import { browserLocale, resolveLocale } from '@/lib/i18n';

describe('locale preference', () => {
  const base = { auto: true, fallback: 'zh-CN' as const };
  it("uses the signed-in user's stored language first", () => {
    expect(resolveLocale({ ...base, sessionLocale: 'en', cookieLocale: 'zh-CN', acceptLanguage: 'zh' })).toBe('en');
  });
  it("then this browser's stored choice", () => {
    expect(resolveLocale({ ...base, sessionLocale: null, cookieLocale: 'en', acceptLanguage: 'zh-CN' })).toBe('en');
  });
  it('then the browser language when LOCALE_AUTO is on', () => {
    expect(resolveLocale({ ...base, acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(resolveLocale({ ...base, acceptLanguage: 'fr-FR,zh-TW;q=0.8' })).toBe('zh-CN');
  });
  it('else DEFAULT_LOCALE', () => {
    expect(resolveLocale({ auto: false, fallback: 'en', acceptLanguage: 'zh-CN' })).toBe('en');
    expect(resolveLocale({ auto: true, fallback: 'en', acceptLanguage: 'fr' })).toBe('en');
    expect(resolveLocale({ ...base, cookieLocale: 'fr' })).toBe('zh-CN');
  });
  it('reads Accept-Language in order', () => {
    expect(browserLocale('de, en;q=0.5, zh;q=0.4')).toBe('en');
    expect(browserLocale(null)).toBeNull();
  });
});
