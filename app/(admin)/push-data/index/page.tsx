import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { PushDataScreen } from '@/components/push/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.pushData'))('title') };
}

export default function Page() {
  return <PageMessages of="push"><PushDataScreen /></PageMessages>;
}
