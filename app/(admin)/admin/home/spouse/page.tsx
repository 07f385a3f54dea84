import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SpouseList } from '@/components/approval/loan-lists';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.spouse'))('title') };
}

export default function Page() {
  return <PageMessages of="loanLists"><SpouseList /></PageMessages>;
}
