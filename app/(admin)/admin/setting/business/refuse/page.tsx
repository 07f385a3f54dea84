import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IndicatorReasonScreen } from '@/components/risk/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.indicatorReason'))('title') };
}

export default function Page() {
  return <IndicatorReasonScreen />;
}
