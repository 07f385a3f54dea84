import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApiDocs } from '@/components/api-docs/api-docs';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('apiDocs'))('title') };
}

/** The API documentation for scripts: any signed-in user (the layout has checked the session). */
export default function ApiDocsPage() {
  return <PageMessages of="apiDocs"><ApiDocs /></PageMessages>;
}
