import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { ReportScreen } from '@/components/reports/report-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reports.report'))('title') };
}

export default function Page() {
  return <PageMessages of="report"><ReportScreen /></PageMessages>;
}
