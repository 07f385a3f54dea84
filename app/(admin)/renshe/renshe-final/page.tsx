import { Workbench } from '@/components/approval/workbench';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.workbench'))('RS_FINAL.title') };
}

export default function Page() {
  return <PageMessages of="workbench"><Workbench stage="RS_FINAL" /></PageMessages>;
}
