'use client';

import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { formatChinaTime } from '@/lib/china-time';
import type { HomeTodo } from '@/lib/contract/home';
import { stageLink } from '@/lib/home-links';
import { EmptyState } from '@/components/common/empty-state';

/** The to-do card itself (see TodoCard): downloaded beside the shell's hydration, not in the page's first load. */
export function TodoCardBody({ todo, loading }: { todo: HomeTodo[]; loading: boolean }) {
  const t = useTranslations('home');
  const ta = useTranslations('approval');
  const columns: TableColumnsType<HomeTodo> = [
    { title: t('stage'), dataIndex: 'stage', render: (stage: HomeTodo['stage']) => <Link href={stageLink(stage)}>{ta(`stage.${stage}`)}</Link> },
    {
      title: t('waiting'), dataIndex: 'waiting', align: 'right',
      render: (n: number, row) => <Link href={stageLink(row.stage)} aria-label={t('waitingLabel', { count: n, stage: ta(`stage.${row.stage}`) })}>{n}</Link>,
    },
    {
      title: t('overdue'), dataIndex: 'overdue', align: 'right',
      render: (n: number, row) => (
        <Link href={stageLink(row.stage, { overdue: true })} aria-label={t('overdueLabel', { count: n, stage: ta(`stage.${row.stage}`) })}>
          {n > 0 ? <Typography.Text type="danger" strong>{n}</Typography.Text> : n}
        </Link>
      ),
    },
    {
      title: t('oldest'), key: 'oldest',
      render: (_: unknown, row) => (row.oldest ? (
        // The case on one line, who and since when under it: the column stays narrow enough for the card.
        <div>
          <Link href={stageLink(row.stage, { number: row.oldest.number })}>{row.oldest.number}</Link>
          <div><Typography.Text type="secondary">{row.oldest.name} · {t('since', { time: formatChinaTime(row.oldest.enteredAt) })}</Typography.Text></div>
        </div>
      ) : '—'),
    },
  ];
  return (
    <Card title={t('todo')} size="small">
      {!loading && todo.length === 0 ? <EmptyState description={t('noTodo')} /> : (
        <Table<HomeTodo> rowKey="stage" size="small" pagination={false} loading={loading} columns={columns} dataSource={todo} scroll={{ x: 'max-content' }} />
      )}
    </Card>
  );
}
