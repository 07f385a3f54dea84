import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { RoleScreen } from '@/components/system/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.role'))('title') };
}

export default function Page() {
  return <PageMessages of="system"><RoleScreen /></PageMessages>;
}
