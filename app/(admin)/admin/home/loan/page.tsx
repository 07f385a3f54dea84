import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoanQuery } from '@/components/approval/loan-query';
import { viewerId } from '@/components/approval/workbench-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.loanQuery'))('title') };
}

export default async function Page() {
  return <LoanQuery userId={await viewerId()} />;
}
