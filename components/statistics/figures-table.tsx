'use client';

import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import type { Figures } from '@/lib/contract/statistics';
import { FIGURES, MONEY_FIGURES, type FigureKey } from '@/lib/workflow/statistics';
import { formatMoney } from '@/components/approval/format';
import { textWidth } from '@/components/crud/table-columns';
import { figureFilter, type Cell, type CellFilter } from './cell';

/** Widths (px) of the first column (at most, at least), of an amount and the least a count needs. */
const LABEL_WIDTH = 200;
const LABEL_MIN = 150;
const MONEY_WIDTH = 118;
const COUNT_WIDTH = 64;
/** Room of a table at 1440 px, which the columns share. */
const TABLE_ROOM = 1100;
/** A small cell's padding (8 px each side) and a little slack. */
const CELL_ROOM = 18;

/**
 * The widths of the figures' columns and which headers keep one line: every header whole on
 * one line ('Loans issued') when the table then fits 1440 px; else the headers that save the
 * most wrap between their words, one by one, until it fits (in English a few of eleven must).
 */
function figureWidths(titles: string[]): { widths: number[]; oneLine: boolean[] } {
  const least = (i: number) => (MONEY_FIGURES.includes(FIGURES[i]!) ? MONEY_WIDTH : COUNT_WIDTH);
  const whole = titles.map((title, i) => Math.max(least(i), Math.ceil(textWidth(title, 14, 600)) + CELL_ROOM));
  const words = titles.map((title, i) => Math.max(least(i), Math.max(...title.split(/\s+/).map((word) => Math.ceil(textWidth(word, 14, 600)))) + CELL_ROOM));
  const widths = [...whole];
  const oneLine = titles.map(() => true);
  const total = () => LABEL_MIN + widths.reduce((sum, width) => sum + width, 0);
  while (total() > TABLE_ROOM) {
    const saving = widths.map((width, i) => (oneLine[i] ? width - words[i]! : 0));
    const best = saving.indexOf(Math.max(...saving));
    if (saving[best]! <= 0) break;
    widths[best] = words[best]!;
    oneLine[best] = false;
  }
  return { widths, oneLine };
}

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
  // An amount keeps one line (¥58,200,000.00), a header too while the table fits; the first column gives up room first, its names wrapping whole.
  const { widths, oneLine } = figureWidths(FIGURES.map((figure) => t(`figures.${figure}`)));
  const figuresWidth = widths.reduce((sum, width) => sum + width, 0);
  const labelWidth = Math.max(LABEL_MIN, Math.min(LABEL_WIDTH, TABLE_ROOM - figuresWidth));
  const columns: TableColumnsType<FigureRow> = [
    { key: 'label', title: firstTitle, dataIndex: 'label', fixed: 'left', width: labelWidth, onCell: () => ({ style: { overflowWrap: 'anywhere' } }) },
    ...FIGURES.map((figure, i) => ({
      key: figure, title: t(`figures.${figure}`), align: 'right' as const, width: widths[i], onHeaderCell: () => ({ style: oneLine[i] ? { whiteSpace: 'nowrap' as const } : {} }),
      render: (_: unknown, row: FigureRow) => value(row, figure),
    })),
  ];
  return (
    // At least wide enough for each figure and its header; on a wider screen the columns share the room.
    <Table<FigureRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: labelWidth + figuresWidth }}
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
