'use client';

import { Tag, Tooltip } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import type { ColumnSpec } from '@/lib/resources/types';

/** Widths by kind (px): a China time 'YYYY-MM-DD HH:mm:ss', money with its sign and decimals, a masked number. */
const KIND_WIDTH: Record<NonNullable<ColumnSpec<unknown>['kind']>, number> = {
  text: 130, enum: 100, tag: 120, date: 110, datetime: 170, money: 130, masked: 140, boolean: 80, duration: 130, icon: 70,
};

/** Room a cell takes around its content: 16 px padding each side (the default density). */
const CELL_PADDING = 32;

/** Rough width of a tag (12 px text, 7 px padding and a 1 px border each side). */
function tagWidth(label: string): number {
  let width = 0;
  for (const char of label) width += /[\u2E80-\uFFEF]/.test(char) ? 12 : /[A-Z]/.test(char) ? 8.5 : 7;
  return Math.ceil(width) + 16;
}

/** Widest header the engine widens a column for; a longer one ends in '…'. */
const MAX_HEADER = 160;
/** Widest tag the engine widens a column for (a case in review names its stage too); a longer one ends in '…'. */
const MAX_TAG = 200;
/** Room of a sort control beside a header. */
const SORTER = 26;

/**
 * A column's width: its own, or its kind's, and never narrower than what it must show whole
 * in the reader's language: its header (up to MAX_HEADER) and, when its values are tags (a tag
 * column, or a list of values), its widest tag ('Delivered', not 'Deliver…'). `label` puts a
 * message key into words.
 */
/**
 * Columns of a record kept in two languages, for the reader: the column in the reader's language
 * takes the place of the first language column and the other starts hidden.
 */
export function forReader<C extends { language?: 'zh-CN' | 'en'; hidden?: true }>(columns: C[], locale: string): C[] {
  const mine = columns.filter((c) => c.language === locale);
  const first = columns.findIndex((c) => c.language && c.language !== locale);
  if (mine.length === 0 || first < 0) return columns;
  // Where the first language column stands (every column before it is in no language).
  const at = columns.findIndex((c) => c.language);
  const others = columns.filter((c) => c.language !== locale).map((c) => (c.language ? { ...c, hidden: true as const } : c));
  return [...others.slice(0, at), ...mine.map((c) => ({ ...c, hidden: undefined })), ...others.slice(at)];
}

export function columnWidth(
  column: Pick<ColumnSpec<unknown>, 'width' | 'kind' | 'options' | 'literal' | 'title' | 'sort'>,
  label?: (key: string) => string,
): number {
  const own = column.width ?? KIND_WIDTH[column.kind ?? 'text'];
  if (!label) return own;
  const header = Math.min(MAX_HEADER, textWidth(label(column.title)) + CELL_PADDING + (column.sort ? SORTER : 0));
  const tags = (column.kind === 'tag' || column.kind === 'enum') && column.options?.length
    ? Math.min(MAX_TAG, Math.max(...column.options.map((o) => tagWidth(column.literal ? o.label : label(o.label)))) + CELL_PADDING)
    : 0;
  // An enum shows a tag only when its value is a list or its option has a colour; its text otherwise ends in '…'.
  const tagged = column.kind === 'tag' || column.options?.some((o) => o.color) ? tags : 0;
  return Math.max(own, header, tagged);
}

/**
 * A cell that does not fit ends in '…' and shows its whole text in a tooltip (antd's own
 * title is off, so the two do not show together). Cells other than text are shown as they are.
 */
export function fitCell(cell: ReactNode): ReactNode {
  if (typeof cell === 'string') return <Tooltip title={cell} placement="topLeft" mouseEnterDelay={0.4}><span>{cell}</span></Tooltip>;
  const tags = (Array.isArray(cell) ? cell : [cell]).map(tagText);
  if (!tags.length || tags.some((text) => text === null)) return cell;
  // Several tags (e.g. borrower types): each value on a line of its own.
  const title = tags.length === 1 ? tags[0] : tags.map((text) => <div key={text}>{text}</div>);
  return <Tooltip title={title} placement="topLeft" mouseEnterDelay={0.4}>{Array.isArray(cell) ? <span>{cell}</span> : cell}</Tooltip>;
}

/** The text of a tag (a status, a kind, one of a list's values), which may end in '…' in a narrow column too. */
function tagText(cell: unknown): string | null {
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

/** Widest actions column; buttons beyond it go into the row's 更多 menu. */
const MAX_ACTIONS = 270;
/** Width of a small link button (7 px padding each side). */
const buttonWidth = (label: string) => textWidth(label) + 14;

/** The actions column: wide enough for its link buttons side by side. */
export function actionsWidth(labels: string[]): number {
  const buttons = labels.reduce((sum, label) => sum + buttonWidth(label), 0);
  return Math.max(80, Math.min(MAX_ACTIONS, buttons + 24));
}

/**
 * Which of a row's own buttons stand in the row: in order, as many as fit the widest actions
 * column beside the buttons that always do (`fixed`: edit, add child, delete) and, when some go,
 * the 更多 button (`more`); the rest go into the 更多 menu, so buttons never wrap onto a second line.
 */
export function inlineActions<K>(actions: { key: K; label: string }[], fixed: string[], more: string, hasMore: boolean): Set<K> {
  const room = MAX_ACTIONS - 24 - fixed.reduce((sum, label) => sum + buttonWidth(label), 0);
  const all = actions.reduce((sum, a) => sum + buttonWidth(a.label), 0);
  if (all + (hasMore ? buttonWidth(more) : 0) <= room) return new Set(actions.map((a) => a.key));
  const inline = new Set<K>();
  let used = buttonWidth(more);
  for (const action of actions) {
    if (used + buttonWidth(action.label) > room) break;
    used += buttonWidth(action.label);
    inline.add(action.key);
  }
  return inline;
}
