import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProductScreen } from '@/components/products/screens';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.product'))('title') };
}

export default function Page() {
  return <PageMessages of="products"><ProductScreen /></PageMessages>;
}
