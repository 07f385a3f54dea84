'use client';

import { Card, Col, Row, Statistic } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { HomeFigures } from '@/lib/contract/home';
import { chinaToday } from '@/lib/china-time';
import { FIGURES, figureLink } from '@/lib/home-links';
import styles from './home.module.css';

/** Figures shown red when not nought. */
const RED = new Set(['overdue', 'overdueLoans', 'compensatedLoans', 'recoveringLoans']);
import '@/styles/antd/statistic.generated.css';

/**
 * An administrator's figures of the platform; each opens the loan query filtered to what it
 * counts. Drawn at once, each figure loading (`figures` null) until the service answers.
 */
export function FiguresCard({ figures }: { figures: HomeFigures | null }) {
  const t = useTranslations('home');
  const month = figures?.month ?? chinaToday().slice(0, 7);
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((figure) => {
        const statistic = (
          <Card size="small" hoverable={figures !== null}>
            <Statistic title={t(`figures.${figure}`, { month })} value={figures?.[figure] ?? 0} loading={figures === null}
              precision={figure === 'outstanding' ? 2 : undefined}
              valueStyle={RED.has(figure) && (figures?.[figure] ?? 0) > 0 ? { color: '#cf1322' } : undefined} />
          </Card>
        );
        return (
          <Col key={figure} xs={12} lg={6}>
            {figures ? <Link href={figureLink(figure, figures)} className={styles.figure}>{statistic}</Link> : statistic}
          </Col>
        );
      })}
    </Row>
  );
}
