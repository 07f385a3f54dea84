import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { LogPage } from '@/components/shell/log-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('log'))('title') };
}

export default function Log() {
  return <PageMessages of="log"><LogPage /></PageMessages>;
}
