import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatisticsScreen } from '@/components/statistics/statistics-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('statistics.title'))('guarantee') };
}

export default function Page() {
  return <StatisticsScreen side="guarantee" />;
}
