import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientGroupScreen } from '@/components/risk/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.clientGroup'))('title') };
}

export default function Page() {
  return <ClientGroupScreen />;
}
