import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SmsTemplateScreen } from '@/components/sms/screens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resources.smsTemplate'))('title') };
}

export default function Page() {
  return <SmsTemplateScreen />;
}
