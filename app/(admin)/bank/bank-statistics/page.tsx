import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { StatisticsScreen } from '@/components/statistics/statistics-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('statistics.title'))('bank') };
}

export default function Page() {
  return <PageMessages of="statistics"><StatisticsScreen side="bank" /></PageMessages>;
}
