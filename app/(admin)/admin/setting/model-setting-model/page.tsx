import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { ModelScreen } from '@/components/risk/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.model'))('title') };
}

export default function Page() {
  return <PageMessages of="risk"><ModelScreen /></PageMessages>;
}
