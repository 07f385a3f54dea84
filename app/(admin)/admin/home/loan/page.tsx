import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoanQuery } from '@/components/approval/loan-query';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.loanQuery'))('title') };
}

export default async function Page() {
  return <PageMessages of="loanQuery"><LoanQuery /></PageMessages>;
}
