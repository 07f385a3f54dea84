import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsultScreen } from '@/components/content/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.consult'))('title') };
}

export default function Page() {
  return <ConsultScreen />;
}
