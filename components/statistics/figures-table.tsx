'use client';

import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import type { Figures } from '@/lib/contract/statistics';
import { FIGURES, MONEY_FIGURES, type FigureKey } from '@/lib/workflow/statistics';
import { formatMoney } from '@/components/approval/format';
import { figureFilter, type Cell, type CellFilter } from './cell';

/** Widths (px) of the first column, of an amount and the least a count needs. */
const LABEL_WIDTH = 200;
const MONEY_WIDTH = 140;
const COUNT_WIDTH = 64;

export interface FigureRow { key: string; label: string; figures: Figures; filter: CellFilter }

/**
 * Rows of figures (per organisation, per month) with their total: a count opens the
 * applications behind it; amounts are in yuan.
 */
export function FiguresTable({ rows, total, firstTitle, onOpen }: { rows: FigureRow[]; total: Figures; firstTitle: string; onOpen: (cell: Cell) => void }) {
  const t = useTranslations('statistics');
  const value = (row: FigureRow | null, figure: FigureKey) => {
    const figures = row ? row.figures : total;
    const number = figures[figure];
    if (MONEY_FIGURES.includes(figure)) return formatMoney(number);
    const filter = figureFilter(figure);
    if (!filter || number === 0) return number;
    const label = `${row ? row.label : t('all')} · ${t(`figures.${figure}`)}`;
    return (
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={t('unfold.open', { label, count: number })}
        onClick={() => onOpen({ label, count: number, filter: { ...(row?.filter ?? {}), ...filter } })}>{number}</Button>
    );
  };
  const columns: TableColumnsType<FigureRow> = [
    { key: 'label', title: firstTitle, dataIndex: 'label', fixed: 'left', width: LABEL_WIDTH, ellipsis: true },
    ...FIGURES.map((figure) => ({
      key: figure, title: t(`figures.${figure}`), align: 'right' as const,
      // An amount keeps one line (¥58,200,000.00); a count takes what is left.
      ...(MONEY_FIGURES.includes(figure) ? { width: MONEY_WIDTH } : {}),
      render: (_: unknown, row: FigureRow) => value(row, figure),
    })),
  ];
  return (
    // At least wide enough for each figure; on a wider screen the columns share the room and a long header wraps, so the table fits 1440 px.
    <Table<FigureRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: LABEL_WIDTH + MONEY_FIGURES.length * MONEY_WIDTH + (FIGURES.length - MONEY_FIGURES.length) * COUNT_WIDTH }}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}><strong>{t('all')}</strong></Table.Summary.Cell>
            {FIGURES.map((figure, i) => <Table.Summary.Cell key={figure} index={i + 1} align="right">{value(null, figure)}</Table.Summary.Cell>)}
          </Table.Summary.Row>
        </Table.Summary>
      )} />
  );
}
