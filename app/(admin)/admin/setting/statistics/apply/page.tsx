import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { ApplyStatisticsScreen } from '@/components/reports/apply-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reports.apply'))('title') };
}

export default function Page() {
  return <PageMessages of="applyStatistics"><ApplyStatisticsScreen /></PageMessages>;
}
