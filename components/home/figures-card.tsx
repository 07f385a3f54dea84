'use client';

import { Card, Col, Row, Statistic } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { HomeFigures } from '@/lib/contract/home';
import { FIGURES, figureLink } from '@/lib/home-links';
import styles from './home.module.css';
import '@/styles/antd/statistic.generated.css';

/** An administrator's figures of the platform; each opens the loan query filtered to what it counts. */
export function FiguresCard({ figures }: { figures: HomeFigures }) {
  const t = useTranslations('home');
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((figure) => (
        <Col key={figure} xs={12} lg={6}>
          <Link href={figureLink(figure, figures)} className={styles.figure}>
            <Card size="small" hoverable>
              <Statistic title={t(`figures.${figure}`, { month: figures.month })} value={figures[figure]} valueStyle={figure === 'overdue' && figures.overdue > 0 ? { color: '#cf1322' } : undefined} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
