import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { GuaranteeFundScreen } from '@/components/fund/fund-screen';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('guaranteeFund'))('title') };
}

export default function Page() {
  return <PageMessages of="guaranteeFund"><GuaranteeFundScreen /></PageMessages>;
}
