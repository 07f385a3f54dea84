'use client';

import { Drawer, Table } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/contract/limits';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { APPLICATION_COLUMNS } from '@/lib/resources/workbench';
import { renderCell } from '@/components/crud/cells';
import { useCall } from '@/components/approval/use-call';
import type { Cell } from './cell';
import type { StatisticsUnfoldInput } from '@/lib/contract/statistics';
import { EmptyState } from '@/components/common/empty-state';

const UNFOLD = 'businessClubFirstTrial/statisticsFormUnfold';
const SHOWN = ['number', 'name', 'idNumber', 'mobile', 'amount', 'status', 'deadline', 'borrowerType', 'guaranteeOrg', 'bankOrg', 'createTime'];

/** The applications behind one figure of the statistics, paged by the server. */
export function UnfoldDrawer({ cell, filters, close, path = UNFOLD }: {
  cell: Pick<Cell, 'label' | 'count'> & { filter: object };
  filters: Record<string, unknown>;
  close: () => void;
  /** The call that pages the cases (the bank and guarantee statistics' by default). */
  path?: typeof UNFOLD | 'applyStatistics/unfold';
}) {
  const t = useTranslations();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isLoading } = useCall(path, { ...filters, ...cell.filter, ...page } as StatisticsUnfoldInput);
  const columns = APPLICATION_COLUMNS.filter((c) => SHOWN.includes(c.key)).map((column) => ({
    key: column.key, title: t(column.title), ellipsis: column.ellipsis, render: (_: unknown, row: ApplicationRow) => renderCell(column, row, t),
  }));
  return (
    <Drawer open onClose={close} size="min(1100px, 100vw)" destroyOnHidden title={t('statistics.unfold.title', { label: cell.label, count: cell.count })}>
      <Table<ApplicationRow> rowKey="id" size="small" columns={columns} dataSource={data?.list ?? []} loading={isLoading} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={t('crud.noData')} /> }}
        pagination={{
          current: page.pageNum, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t(data?.capped ? 'crud.totalCapped' : 'crud.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
        }} />
    </Drawer>
  );
}
