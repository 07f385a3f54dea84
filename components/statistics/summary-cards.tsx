'use client';

import { Card, Col, Row, Statistic } from 'antd';
import { useTranslations } from 'next-intl';
import type { Figures } from '@/lib/contract/statistics';
import { formatMoney } from '@/components/approval/format';
import '@/styles/antd/statistic.generated.css';

/** The period at a glance: applications, amounts, cases in review (and overdue), loans and refusals. */
export function SummaryCards({ summary }: { summary: Figures }) {
  const t = useTranslations('statistics.cards');
  const rate = summary.total ? `${((summary.loaned / summary.total) * 100).toFixed(1)}%` : '—';
  const cards: { key: string; value: string | number; suffix?: string; danger?: boolean; money?: boolean }[] = [
    { key: 'total', value: summary.total },
    { key: 'amount', value: formatMoney(summary.amount), money: true },
    { key: 'inReview', value: summary.inReview },
    { key: 'overdue', value: summary.overdue, danger: summary.overdue > 0 },
    { key: 'loaned', value: summary.loaned },
    { key: 'loanAmount', value: formatMoney(summary.loanAmount), money: true },
    { key: 'refused', value: summary.refused },
    { key: 'approvalRate', value: rate },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        // On a phone the amounts take a whole row, after the counts, so they are not cut.
        <Col key={card.key} xs={card.money ? { span: 24, order: 1 } : 12} md={{ span: 6, order: 0 }} xxl={3}>
          <Card size="small" data-testid={`card-${card.key}`}>
            <Statistic title={t(card.key)} value={card.value} styles={{ content: card.danger ? { color: '#cf1322', fontSize: 20 } : { fontSize: 20 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
