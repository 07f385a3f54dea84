import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SubsidyRulesPage } from '@/components/subsidy/rules-page';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('subsidyRules'))('title') };
}

export default function Page() {
  return <PageMessages of="subsidyRules"><SubsidyRulesPage /></PageMessages>;
}
