import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OvertimeScreen } from '@/components/flow/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.overtime'))('title') };
}

export default function Page() {
  return <PageMessages of="flow"><OvertimeScreen /></PageMessages>;
}
