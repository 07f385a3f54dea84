'use client';

import { ConfigProvider, type ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Locale } from '@/lib/contract/locales';
import { RUNTIME_THEME, STILL_THEME } from '@/lib/theme';
import { ApiNotifier } from './api-notifier';
import { AppNotices } from './app-notices';
import { installStyleNonce, pageNonce } from './style-nonce';

/**
 * Read once, when the page loads: switching antd's motion later would remount the page
 * (antd wraps it in a motion provider only when the setting differs). Motion adds no markup,
 * so the server's render (with motion) hydrates as is.
 */
const STILL = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * antd (locale, theme with build-time styles), the App context for messages, and SWR defaults.
 * antd's texts of the page's language come from the server (plain data), so the browser
 * downloads neither language's bundle.
 */
export function AppProviders({ locale, antdLocale, nonce, children }: { locale: Locale; antdLocale: ConfigProviderProps['locale']; nonce?: string; children: ReactNode }) {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  installStyleNonce(nonce);
  const styleNonce = pageNonce(nonce);
  return (
    <ConfigProvider locale={antdLocale} button={{ autoInsertSpace: false }} theme={STILL ? STILL_THEME : RUNTIME_THEME} csp={styleNonce ? { nonce: styleNonce } : undefined}>
      <AppNotices>
        <ApiNotifier />
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>
      </AppNotices>
    </ConfigProvider>
  );
}
