'use client';

import { Tag, Tooltip } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import type { ColumnSpec } from '@/lib/resources/types';

/** Widths by kind (px): a China time 'YYYY-MM-DD HH:mm:ss', money with its sign and decimals, a masked number. */
const KIND_WIDTH: Record<NonNullable<ColumnSpec<unknown>['kind']>, number> = {
  text: 130, enum: 100, tag: 120, date: 110, datetime: 170, money: 130, masked: 140, boolean: 80, duration: 130, icon: 70,
};

/** A column's width: its own, or its kind's. */
export const columnWidth = (column: Pick<ColumnSpec<unknown>, 'width' | 'kind'>) => column.width ?? KIND_WIDTH[column.kind ?? 'text'];

/**
 * A cell that does not fit ends in '…' and shows its whole text in a tooltip (antd's own
 * title is off, so the two do not show together). Cells other than text are shown as they are.
 */
export function fitCell(cell: ReactNode): ReactNode {
  const text = typeof cell === 'string' ? cell : tagText(cell);
  if (!text) return cell;
  return <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.4}>{typeof cell === 'string' ? <span>{cell}</span> : cell}</Tooltip>;
}

/** The text of a single tag (a status, a kind), which may end in '…' in a narrow column too. */
function tagText(cell: ReactNode): string | null {
  if (!isValidElement<{ children?: unknown }>(cell) || cell.type !== Tag) return null;
  return typeof cell.props.children === 'string' ? cell.props.children : null;
}

/** The ellipsis every column of the engine gets. */
export const FIT = { showTitle: false } as const;

/** Rough width of a text (CJK characters are twice as wide as Latin ones at 14 px). */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2E80-\uFFEF]/.test(char) ? 14 : 8;
  return width;
}

/** The actions column: wide enough for its link buttons side by side (small link buttons pad 7 px each side). */
export function actionsWidth(labels: string[]): number {
  const buttons = labels.reduce((sum, label) => sum + textWidth(label) + 14, 0);
  return Math.max(80, Math.min(260, buttons + 24));
}
