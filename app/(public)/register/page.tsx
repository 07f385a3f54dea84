import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/auth/auth-frame';
import { RegisterForm } from '@/components/auth/register-form';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('register'))('title') };
}

export default async function RegisterPage() {
  const t = await getTranslations('register');
  return (
    <AuthFrame title={t('title')}>
      <PageMessages of="register"><RegisterForm /></PageMessages>
    </AuthFrame>
  );
}
