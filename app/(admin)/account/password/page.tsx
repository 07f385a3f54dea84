import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/auth/change-password-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('password'))('title') };
}

export default function ChangePasswordPage() {
  return <ChangePasswordForm />;
}
