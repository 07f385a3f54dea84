import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AgreementScreen } from '@/components/agreement/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.agreement'))('title') };
}

export default function Page() {
  return <PageMessages of="agreement"><AgreementScreen /></PageMessages>;
}
