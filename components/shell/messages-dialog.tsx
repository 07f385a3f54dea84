'use client';

import { Button, Modal, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { formatChinaTime } from '@/lib/china-time';
import { MESSAGE_PAGE_SIZE } from '@/lib/contract/limits';
import type { MessageItem } from '@/lib/contract/messages';
import { useViewMessage } from './use-messages';
import { useShell } from './shell-context';
import '@/styles/antd/segmented.generated.css';
import { EmptyState } from '@/components/common/empty-state';

/** 'my messages': every message, page size 10; 'view' (not for admins) marks it read and opens its page. */
export function MessagesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('messages');
  const { user } = useShell();
  const [pageNum, setPageNum] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const view = useViewMessage(onClose);
  const { data, isLoading } = useSWR(open ? ['businessMessage/list', filter, pageNum] : null, () =>
    api('businessMessage/list', { pageNum, pageSize: MESSAGE_PAGE_SIZE, ...(filter === 'unread' ? { hasRead: 0 } : {}) }));
  const columns: TableColumnsType<MessageItem> = [
    { title: t('content'), dataIndex: 'msgDetails' },
    { title: t('time'), dataIndex: 'createTime', width: 170, render: (value: string) => formatChinaTime(value) },
    { title: t('status'), dataIndex: 'hasRead', width: 90, render: (value: number) => (value === 1 ? <Tag>{t('read')}</Tag> : <Tag color="blue">{t('unreadTag')}</Tag>) },
    ...(user.type === 0 ? [] : [{
      title: t('action'), key: 'action', width: 90,
      render: (_: unknown, item: MessageItem) => <Button type="link" size="small" onClick={() => view(item)}>{t('view')}</Button>,
    }]),
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('title')} width={760} destroyOnHidden>
      <Segmented
        value={filter}
        onChange={(value) => { setFilter(value as 'all' | 'unread'); setPageNum(1); }}
        options={[{ value: 'all', label: t('all') }, { value: 'unread', label: t('unreadOnly') }]}
        style={{ marginBottom: 12 }}
      />
      <Table<MessageItem>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        pagination={{
          current: pageNum, pageSize: MESSAGE_PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false,
          onChange: setPageNum, showTotal: (total) => t('total', { total }),
        }}
      />
    </Modal>
  );
}
