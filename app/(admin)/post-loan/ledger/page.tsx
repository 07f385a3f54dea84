import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Ledger } from '@/components/post-loan/ledger';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('postLoan.ledger'))('title') };
}

export default function Page() {
  return <PageMessages of="postLoan"><Ledger /></PageMessages>;
}
