import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { RenshePushScreen } from '@/components/push/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.renshePush'))('title') };
}

export default function Page() {
  return <PageMessages of="push"><RenshePushScreen /></PageMessages>;
}
