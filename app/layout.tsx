import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageMessages } from '@/components/providers/page-messages';
import { requestLocale } from '@/lib/server/request';
import '@/styles/theme.generated.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { default: t('name'), template: `%s · ${t('shortName')}` }, description: t('description') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/**
 * Every page: the language, the theme's variables and the texts every page shares. antd (its
 * providers and stylesheet) comes with the signed-in layout only; the sign-in pages and the
 * error pages are plain markup (app/(public)/layout.tsx).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await requestLocale();
  return (
    <html lang={locale}>
      <body>
        {/* No catalogue as such: each layout and page hands its client components their texts (lib/client-messages.ts). */}
        <NextIntlClientProvider messages={{}}>
          <PageMessages of="root">{children}</PageMessages>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
