import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublishList } from '@/components/approval/loan-lists';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.publish'))('title') };
}

export default function Page() {
  return <PageMessages of="loanLists"><PublishList /></PageMessages>;
}
