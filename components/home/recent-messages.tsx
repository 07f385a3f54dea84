'use client';

import { Badge, Card, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { formatChinaTime } from '@/lib/china-time';
import { textClass } from '@/lib/theme';
import styles from './home.module.css';
import { EmptyState } from '@/components/common/empty-state';

const RECENT = 5;

/** The newest messages, in the reader's language, each linking to the page it is about. */
export function RecentMessages() {
  const t = useTranslations('home');
  const { data, isLoading } = useSWR(['businessMessage/list', 'home'], () => api('businessMessage/list', { pageNum: 1, pageSize: RECENT }));
  let body: React.ReactNode;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (!data?.list.length) body = <EmptyState description={t('noMessages')} />;
  else {
    body = (
      <ul className={styles.messages}>
        {data.list.map((item) => (
          <li key={item.id}>
            <span>
              {item.hasRead === 0 && <Badge status="processing" className={styles.unread} />}
              {item.menuUrl ? <Link href={item.menuUrl}>{item.msgDetails}</Link> : item.msgDetails}
            </span>
            <span className={`${textClass('secondary')} ${styles.time}`}>{formatChinaTime(item.createTime)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return <Card title={t('messages')} size="small">{body}</Card>;
}
