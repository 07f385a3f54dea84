import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { StatusReasonScreen } from '@/components/risk/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.statusReason'))('title') };
}

export default function Page() {
  return <PageMessages of="risk"><StatusReasonScreen /></PageMessages>;
}
