'use client';

import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Locale } from '@/lib/contract/locales';
import { THEME } from '@/lib/theme';
import { ApiNotifier } from './api-notifier';
import { installStyleNonce, pageNonce } from './style-nonce';

const antdLocales = { 'zh-CN': zhCN, en: enUS } as const;

const RUNTIME_THEME = { ...THEME, zeroRuntime: true };

/** antd (locale, theme with build-time styles), the App context for messages, and SWR defaults. */
export function AppProviders({ locale, nonce, children }: { locale: Locale; nonce?: string; children: ReactNode }) {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  installStyleNonce(nonce);
  const styleNonce = pageNonce(nonce);
  return (
    <ConfigProvider locale={antdLocales[locale]} theme={RUNTIME_THEME} csp={styleNonce ? { nonce: styleNonce } : undefined}>
      <App>
        <ApiNotifier />
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>
      </App>
    </ConfigProvider>
  );
}
