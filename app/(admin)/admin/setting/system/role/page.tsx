import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RoleScreen } from '@/components/system/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.role'))('title') };
}

export default function Page() {
  return <RoleScreen />;
}
