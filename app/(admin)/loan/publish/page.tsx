import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublishList } from '@/components/approval/loan-lists';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.publish'))('title') };
}

export default function Page() {
  return <PublishList />;
}
