import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HistoryScreen } from '@/components/lookups/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.history'))('title') };
}

export default function Page() {
  return <PageMessages of="lookups"><HistoryScreen /></PageMessages>;
}
