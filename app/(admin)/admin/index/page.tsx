import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { EntryPage } from '@/components/shell/entry-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('pages'))('home') };
}

export default function AdminIndexPage() {
  return <PageMessages of="home"><EntryPage /></PageMessages>;
}
