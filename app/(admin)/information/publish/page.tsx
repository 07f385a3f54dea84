import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NoticeScreen } from '@/components/content/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.notice'))('title') };
}

export default function Page() {
  return <PageMessages of="content"><NoticeScreen /></PageMessages>;
}
