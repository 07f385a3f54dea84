import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsultScreen } from '@/components/content/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.consult'))('title') };
}

export default function Page() {
  return <PageMessages of="content"><ConsultScreen /></PageMessages>;
}
