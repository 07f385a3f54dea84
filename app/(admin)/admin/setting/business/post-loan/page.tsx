import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PostLoanSettingsScreen } from '@/components/fund/post-loan-settings';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('postLoanSettings'))('title') };
}

export default function Page() {
  return <PageMessages of="postLoanSettings"><PostLoanSettingsScreen /></PageMessages>;
}
