'use client';

import { Col, Row, Statistic, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { formatMoney } from './format';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/statistic.generated.css';

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/**
 * A house's documents (business-house-property/findRealEstateMaterials) and its loan against
 * its value (business-house-property/plan): the loan to value at the start, at the half of the
 * term and at the end.
 */
export function HouseExtras({ houseId }: { houseId: number }) {
  const t = useTranslations('casework.house');
  const ta = useTranslations('approval');
  const files = useCall('business-house-property/findRealEstateMaterials', { id: houseId });
  const plan = useCall('business-house-property/plan', { id: houseId });
  return (
    <Row gutter={[24, 12]}>
      <Col xs={24} md={12}>
        <Section title={t('materials')} data={files.data} loading={files.isLoading} empty={(rows) => rows.length === 0}>
          {(rows) => (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {rows.map((file) => (
                <li key={file.id}><a href={file.url} target="_blank" rel="noreferrer">{file.name}</a> <Typography.Text type="secondary">{ta(`fileKind.${file.kind}`)}</Typography.Text></li>
              ))}
            </ul>
          )}
        </Section>
      </Col>
      <Col xs={24} md={12}>
        <Section title={t('plan')} data={plan.data} loading={plan.isLoading} empty={(p) => p.rows.length === 0}>
          {(p) => (
            <Row gutter={12}>
              <Col span={12}><Statistic title={t('loanToValueStart')} value={percent(p.loanToValue[0] ?? 0)} /></Col>
              <Col span={12}><Statistic title={t('loanToValueHalf')} value={percent(p.loanToValue[Math.floor(p.loanToValue.length / 2)] ?? 0)} /></Col>
              <Col span={12}><Statistic title={t('assessedValue')} value={formatMoney(p.assessedValue)} /></Col>
              <Col span={12}><Statistic title={t('totalPayment')} value={formatMoney(p.totalPayment)} /></Col>
            </Row>
          )}
        </Section>
      </Col>
    </Row>
  );
}
