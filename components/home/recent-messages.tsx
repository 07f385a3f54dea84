'use client';

import { Badge, Card, Empty, List, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { formatChinaTime } from '@/lib/china-time';

const RECENT = 5;

/** The newest messages, in the reader's language, each linking to the page it is about. */
export function RecentMessages() {
  const t = useTranslations('home');
  const { data, isLoading } = useSWR(['businessMessage/list', 'home'], () => api('businessMessage/list', { pageNum: 1, pageSize: RECENT }));
  return (
    <Card title={t('messages')} size="small">
      {!isLoading && !data?.list.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} /> : (
        <List
          size="small"
          loading={isLoading}
          dataSource={data?.list ?? []}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={(
                  <span>
                    {item.hasRead === 0 && <Badge status="processing" style={{ marginRight: 6 }} />}
                    {item.menuUrl ? <Link href={item.menuUrl}>{item.msgDetails}</Link> : item.msgDetails}
                  </span>
                )}
                description={<Typography.Text type="secondary">{formatChinaTime(item.createTime)}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
