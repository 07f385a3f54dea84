'use client';

import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { clearLog, readLog, subscribeLog, type LogEntry } from '@/lib/client-log';
import { useApp } from '@/components/providers/app-notices';
import { EmptyState } from '@/components/common/empty-state';

const TYPE_COLORS = { info: 'blue', warning: 'orange', error: 'red' } as const;
let snapshot: { raw: string | null; entries: LogEntry[] } = { raw: null, entries: [] };
function entries(): LogEntry[] {
  const raw = window.localStorage.getItem('lbo.log');
  if (raw !== snapshot.raw) snapshot = { raw, entries: readLog() };
  return snapshot.entries;
}
const none: LogEntry[] = [];

/** /log: the front-end log of this browser (client errors and failed chunk loads), newest first. */
export function LogPage() {
  const t = useTranslations('log');
  const { message } = useApp();
  const rows = useSyncExternalStore(subscribeLog, entries, () => none);
  const columns: TableColumnsType<LogEntry> = [
    { title: t('time'), dataIndex: 'time', width: 170 },
    { title: t('type'), dataIndex: 'type', width: 90, render: (type: LogEntry['type']) => <Tag color={TYPE_COLORS[type]}>{type}</Tag> },
    { title: t('message'), dataIndex: 'message', ellipsis: true },
    {
      title: t('meta'), dataIndex: 'meta',
      render: (meta: LogEntry['meta']) => <code style={{ fontSize: 12 }}>{JSON.stringify(meta)}</code>,
    },
  ];
  return (
    <Card title={t('title')} extra={<Button danger disabled={rows.length === 0} onClick={() => { clearLog(); void message.success(t('cleared')); }}>{t('clear')}</Button>}>
      <Table<LogEntry> rowKey={(row) => `${row.time}-${row.message}`} size="small" columns={columns} dataSource={rows}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }} pagination={{ pageSize: 20, showSizeChanger: false }} scroll={{ x: 800 }} />
    </Card>
  );
}
