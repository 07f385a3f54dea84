'use client';

import { Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { EarlierLoan } from '@/lib/contract/loans';
import { formatMoney } from './format';
import { Section } from './section';
import { useCall } from './use-call';

/**
 * The proposer's earlier start-up loans (borrowing again, DOMAIN.md section 6): each one's number,
 * principal, issue date and how it stands, settled ones with how and when. Only unsettled ones
 * count against the applicant; the number of loans a person may have is the LOAN_NUMBER indicator's.
 */
export function DetailEarlierLoans({ id }: { id: number }) {
  const t = useTranslations('earlierLoans');
  const { data, isLoading } = useCall('loanAccount/earlier', { id });
  return (
    <Section title={t('title')} data={data} loading={isLoading} empty={(rows) => rows.length === 0}>
      {(rows) => (
        <Table<EarlierLoan> rowKey="number" size="small" pagination={false} dataSource={rows} scroll={{ x: 'max-content' }} columns={[
          { key: 'number', title: t('number'), dataIndex: 'number' },
          { key: 'principal', title: t('principal'), align: 'right', render: (_, r) => formatMoney(r.principal) },
          { key: 'issueDate', title: t('issueDate'), dataIndex: 'issueDate' },
          {
            key: 'state', title: t('state'), render: (_, r) => (
              <>
                <Tag color={r.state === 'SETTLED' ? 'default' : r.state === 'CURRENT' ? 'blue' : 'red'}>{t(`states.${r.state}`)}</Tag>
                {r.overdueDays > 0 && t('overdueDays', { days: r.overdueDays })}
                {r.settledHow && r.settledOn && t('settled', { how: t(`settledHow.${r.settledHow}`), on: r.settledOn })}
              </>
            ),
          },
        ]} />
      )}
    </Section>
  );
}
