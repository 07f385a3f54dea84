import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CalendarScreen } from '@/components/flow/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.calendar'))('title') };
}

export default function Page() {
  return <CalendarScreen />;
}
