import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SubsidyClaimsPage } from '@/components/subsidy/claims-page';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('subsidyClaims'))('title') };
}

export default function Page() {
  return <PageMessages of="subsidyClaims"><SubsidyClaimsPage /></PageMessages>;
}
