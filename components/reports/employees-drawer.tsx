'use client';

import { Drawer, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { EmployeeRow } from '@/lib/contract/report';
import { usePaged } from '@/components/approval/use-paged';
import type { JobsCell } from './report-sections';
import { EmptyState } from '@/components/common/empty-state';

/** The employees behind one figure of the jobs created (businessClubFirstTrial/employmentFormUnfold), paged by the service. */
export function EmployeesDrawer({ cell, filters, close }: { cell: JobsCell; filters: Record<string, unknown>; close: () => void }) {
  const t = useTranslations('reports.report');
  const ta = useTranslations('approval');
  const tc = useTranslations('crud');
  const list = usePaged('businessClubFirstTrial/employmentFormUnfold', { ...filters, ...cell.filter }, (total, capped) => tc(capped ? 'totalCapped' : 'total', { total }));
  return (
    <Drawer open onClose={close} size="min(1000px, 100vw)" destroyOnHidden title={t('employeesTitle', { label: cell.label, count: cell.count })}>
      <Table<EmployeeRow> rowKey="id" size="small" loading={list.isLoading} dataSource={(list.data?.list ?? []) as EmployeeRow[]} pagination={list.pagination}
        scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyState description={tc('noData')} /> }} columns={[
          { key: 'name', title: t('employee'), dataIndex: 'name' },
          { key: 'gender', title: ta('detail.gender'), render: (_, r) => ta(`gender.${r.gender}`) },
          { key: 'idNumber', title: ta('detail.idNumber'), dataIndex: 'idNumber' },
          { key: 'mobile', title: ta('detail.mobile'), dataIndex: 'mobile' },
          { key: 'keyGroup', title: t('keyEmployees'), render: (_, r) => (r.keyGroup ? <Tag color="gold">{t('keyGroup')}</Tag> : '—') },
          { key: 'employer', title: t('employer'), dataIndex: 'employer' },
          { key: 'number', title: t('number'), dataIndex: 'number' },
          { key: 'loanDate', title: t('loanDate'), dataIndex: 'loanDate' },
        ]} />
    </Drawer>
  );
}
