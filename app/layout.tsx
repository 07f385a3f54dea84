import type { Metadata, Viewport } from 'next';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { PageMessages } from '@/components/providers/page-messages';
import { requestLocale, requestNonce } from '@/lib/server/request';
import '@/styles/antd.generated.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { default: t('name'), template: `%s · ${t('shortName')}` }, description: t('description') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, nonce] = await Promise.all([requestLocale(), requestNonce()]);
  return (
    <html lang={locale}>
      <body>
        {/* No catalogue as such: each layout and page hands its client components their texts (lib/client-messages.ts). */}
        <NextIntlClientProvider messages={{}}>
          <PageMessages of="root">
            <AppProviders locale={locale} antdLocale={locale === 'zh-CN' ? zhCN : enUS} nonce={nonce}>{children}</AppProviders>
          </PageMessages>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
