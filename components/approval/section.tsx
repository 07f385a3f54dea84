'use client';

import { Skeleton, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/common/empty-state';
import { SectionTitle } from '@/components/common/section-title';

/** A part of the detail drawer with its loading and empty states (a titled part says 'none' in one line). */
export function Section<T>({ title, data, loading, empty, children }: {
  title?: string;
  data: T | undefined;
  loading: boolean;
  /** Whether the loaded data has nothing to show. */
  empty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations('approval.detail');
  return (
    <section style={{ marginBottom: 24 }}>
      {title && <SectionTitle>{title}</SectionTitle>}
      {loading || data === undefined
        ? (loading ? <Skeleton active paragraph={{ rows: 2 }} /> : <EmptyState description={t('loadFailed')} />)
        : empty(data) ? (title ? <Typography.Text type="secondary">{t('none')}</Typography.Text> : <EmptyState description={t('none')} />)
          : children(data)}
    </section>
  );
}
