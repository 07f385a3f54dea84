import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BlacklistScreen } from '@/components/risk/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.blacklist'))('title') };
}

export default function Page() {
  return <BlacklistScreen />;
}
