'use client';

import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Drawer, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState, type DragEvent } from 'react';
import useSWR from 'swr';
import { ApiError, api, apiCall } from '@/lib/api/client';
import type { HelpOrderRow } from '@/lib/contract/content';
import { HELP_CATEGORIES } from '@/lib/contract/content-rules';
import '@/styles/antd/segmented.generated.css';
import { useApp } from '@/components/providers/app-notices';
import { EmptyState } from '@/components/common/empty-state';

type Category = (typeof HELP_CATEGORIES)[number];

/**
 * The order of the help templates of one category, as the portal lists them: a row is dragged,
 * or moved with its up and down buttons (keyboard users). Each move saves the whole category's
 * order and shows what the server answered; a list changed meanwhile is shown afresh.
 */
export function OrderDrawer({ close, refresh }: { close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.help');
  const tc = useTranslations('content.helpCategory');
  const ts = useTranslations('resources.common');
  const { message } = useApp();
  const [category, setCategory] = useState<Category>('APPLY');
  const { data, isLoading, mutate } = useSWR(['businessHelpInfo/getOrder', category], () => api('businessHelpInfo/getOrder', { category }));
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = data ?? [];

  const move = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    setBusy(true);
    try {
      const { data: next, message: text } = await apiCall('businessHelpInfo/updateSort', { category, ids });
      await mutate(next, { revalidate: false });
      void message.success(text);
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 409) void mutate();
    } finally {
      setBusy(false);
    }
  };
  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => { setDragged(index); event.dataTransfer.effectAllowed = 'move'; },
    onDragOver: (event: DragEvent) => { if (dragged !== null) event.preventDefault(); },
    onDrop: (event: DragEvent) => { event.preventDefault(); if (dragged !== null) void move(dragged, index); setDragged(null); },
    onDragEnd: () => setDragged(null),
  });

  return (
    <Drawer open title={t('orderTitle')} onClose={close} size="min(640px, 100vw)">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Category> value={category} onChange={setCategory} options={HELP_CATEGORIES.map((value) => ({ value, label: tc(value) }))} />
        <Typography.Paragraph type="secondary">{t('orderHint')}</Typography.Paragraph>
        <Spin spinning={isLoading || busy}>
          <Table<HelpOrderRow> rowKey="id" dataSource={rows} pagination={false} size="small"
            locale={{ emptyText: <EmptyState description={t('orderEmpty')} /> }}
            onRow={(_, index) => dragProps(index ?? 0) as object}
            columns={[
              { key: 'drag', width: 32, render: () => <HolderOutlined aria-hidden style={{ cursor: 'grab' }} /> },
              { key: 'position', title: ts('sort'), width: 64, render: (_, __, index) => index + 1 },
              { key: 'title', title: t('helpTitle'), dataIndex: 'title', ellipsis: true },
              { key: 'state', title: ts('state'), width: 90, render: (_, row) => <Tag color={row.state === 'ENABLED' ? 'green' : 'default'}>{ts(row.state === 'ENABLED' ? 'enabled' : 'disabled')}</Tag> },
              {
                key: 'move', width: 96, render: (_, row, index) => (
                  <Space size={0}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0 || busy}
                      aria-label={t('moveUp', { title: row.title })} onClick={() => void move(index, index - 1)} />
                    <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === rows.length - 1 || busy}
                      aria-label={t('moveDown', { title: row.title })} onClick={() => void move(index, index + 1)} />
                  </Space>
                ),
              },
            ]} />
        </Spin>
      </Space>
    </Drawer>
  );
}
