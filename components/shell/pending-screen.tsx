'use client';

import { Button, Result } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { HOME_PATH } from '@/lib/routes';
import { pageTitle } from './page-titles';
import { useShell } from './shell-context';
import '@/styles/antd/result.generated.css';

/** A screen of the menu that is not open yet: its title and a way back. */
export function PendingScreen({ path }: { path: string }) {
  const t = useTranslations('shell');
  const tp = useTranslations('pages');
  const locale = useLocale();
  const { menu } = useShell();
  return (
    <Result
      status="info"
      title={pageTitle(path, menu, locale, tp)}
      subTitle={t('pending')}
      extra={<Button type="primary" href={HOME_PATH}>{tp('home')}</Button>}
    />
  );
}
