import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('password'))('title') };
}

export default function ChangePasswordPage() {
  return <PageMessages of="password"><ChangePasswordForm /></PageMessages>;
}
