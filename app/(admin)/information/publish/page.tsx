import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NoticeScreen } from '@/components/content/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.notice'))('title') };
}

export default function Page() {
  return <NoticeScreen />;
}
