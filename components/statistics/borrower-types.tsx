'use client';

import { Card, Col, Descriptions, Row, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import type { StatisticsInput } from '@/lib/contract/statistics';
import type { StatisticsSide } from '@/lib/workflow/statistics';
import { CallPermission } from '@/components/access/permission';
import { ExportButton } from '@/components/common/export-button';
import { formatMoney } from '@/components/approval/format';
import { useCall } from '@/components/approval/use-call';
import '@/styles/antd/descriptions.generated.css';

const TYPES = [['Person', 'PERSON'], ['SmallCompany', 'SMALL_COMPANY'], ['Partnership', 'PARTNERSHIP']] as const;

function TypeCard({ path, borrowerType, filters }: { path: `businessClubFirstTrial/loanCountStatistics${(typeof TYPES)[number][0]}`; borrowerType: string; filters: StatisticsInput }) {
  const t = useTranslations();
  const { data } = useCall(path, filters);
  const figure = (key: string) => t(`statistics.figures.${key}`);
  return (
    <Card size="small" title={t(`approval.borrowerType.${borrowerType}`)} data-testid={`type-${borrowerType}`}>
      {!data ? <Skeleton active paragraph={{ rows: 3 }} /> : (
        <Descriptions size="small" column={1} items={[
          { key: 'total', label: figure('total'), children: data.summary.total },
          { key: 'amount', label: figure('amount'), children: formatMoney(data.summary.amount) },
          { key: 'inReview', label: figure('inReview'), children: t('statistics.inReviewOverdue', { inReview: data.summary.inReview, overdue: data.summary.overdue }) },
          { key: 'loaned', label: figure('loaned'), children: data.summary.loaned },
          { key: 'loanAmount', label: figure('loanAmount'), children: formatMoney(data.summary.loanAmount) },
          { key: 'refused', label: figure('refused'), children: data.summary.refused },
        ]} />
      )}
    </Card>
  );
}

/** The period's counts and amounts for each borrower type (loanCountStatistics*), with their export. */
export function BorrowerTypes({ side, filters }: { side: StatisticsSide; filters: Record<string, unknown> }) {
  const { borrowerType: _ignored, ...rest } = filters;
  const body = { ...rest, side };
  return (
    <>
      <Row gutter={[12, 12]}>
        {TYPES.map(([suffix, type]) => (
          <Col key={type} xs={24} md={8}><TypeCard path={`businessClubFirstTrial/loanCountStatistics${suffix}`} borrowerType={type} filters={body} /></Col>
        ))}
      </Row>
      <CallPermission call="businessClubFirstTrial/loanCountStatisticsExport" input={{ side }}>
        <div style={{ marginTop: 12 }}>
          <ExportButton path="businessClubFirstTrial/loanCountStatisticsExport" payload={() => body} label="statistics.exportTypes" />
        </div>
      </CallPermission>
    </>
  );
}
