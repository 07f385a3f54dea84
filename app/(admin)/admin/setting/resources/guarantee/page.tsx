import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { GuaranteeScreen } from '@/components/products/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.guarantee'))('title') };
}

export default function Page() {
  return <GuaranteeScreen />;
}
