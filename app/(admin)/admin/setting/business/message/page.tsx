import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { SmsTemplateScreen } from '@/components/sms/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.smsTemplate'))('title') };
}

export default function Page() {
  return <PageMessages of="sms"><SmsTemplateScreen /></PageMessages>;
}
