import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInLogScreen } from '@/components/system/log-screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.signInLog'))('title') };
}

export default function Page() {
  return <PageMessages of="logs"><SignInLogScreen /></PageMessages>;
}
