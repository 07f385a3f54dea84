import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AuthFrame } from '@/components/auth/auth-frame';
import { LoginForm } from '@/components/auth/login-form';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('login'))('submit') };
}

export default async function LoginPage() {
  const t = await getTranslations('login');
  return (
    <AuthFrame title={t('title')}>
      <PageMessages of="login"><Suspense><LoginForm /></Suspense></PageMessages>
    </AuthFrame>
  );
}
