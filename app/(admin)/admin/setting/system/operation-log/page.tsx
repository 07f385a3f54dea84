import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OperationLogScreen } from '@/components/system/log-screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.operationLog'))('title') };
}

export default function Page() {
  return <PageMessages of="logs"><OperationLogScreen /></PageMessages>;
}
