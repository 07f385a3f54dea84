'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';

/** A screen's card, loading: what the server sends and the page shows until the screen's code and data have come. */
export function LoadingCard({ title, small = false }: { title: string; small?: boolean }) {
  const t = useTranslations();
  return <Card title={t(title)} size={small ? 'small' : undefined} loading />;
}
