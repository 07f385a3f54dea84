import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LookupErrorScreen } from '@/components/lookups/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.lookupError'))('title') };
}

export default function Page() {
  return <PageMessages of="lookups"><LookupErrorScreen /></PageMessages>;
}
