import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { I18nDemo } from '@/components/widgets/i18n-demo';
import { currentSession } from '@/lib/server/request';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('i18nDemo'))('title') };
}

/** The internationalization demo: greets the signed-in user (the layout has checked the session). */
export default async function I18nDemoPage() {
  const session = await currentSession();
  return <PageMessages of="i18n"><I18nDemo nickname={session?.user.nickname ?? ''} now={new Date()} /></PageMessages>;
}
