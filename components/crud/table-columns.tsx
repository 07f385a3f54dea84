'use client';

import { Tag, Tooltip } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import type { ColumnSpec } from '@/lib/resources/types';

/** Widths by kind (px): a China time 'YYYY-MM-DD HH:mm:ss', money with its sign and decimals, a masked number. */
const KIND_WIDTH: Record<NonNullable<ColumnSpec<unknown>['kind']>, number> = {
  text: 130, enum: 100, tag: 120, date: 110, datetime: 170, money: 130, masked: 140, boolean: 80, duration: 130, icon: 70,
};

/** Room a cell takes around its content: 8 px padding each side (the default and compact densities), 16 in the loose one. */
const CELL_PADDING = 16;
export const cellPadding = (density: string) => (density === 'large' ? 32 : CELL_PADDING);

/** Width of a tag: its 12 px text, 7 px padding and a 1 px border each side. */
function tagWidth(label: string): number {
  return Math.ceil(textWidth(label, 12)) + 16;
}

/** Widest header the engine widens a column for; a longer one ends in '…'. */
const MAX_HEADER = 200;
/** Widest tag the engine widens a column for (a case in review names its stage too); a longer one ends in '…'. */
const MAX_TAG = 200;
/** Widest label of a text enum the engine widens a column for ('Credit (no guarantee)'); a longer one ends in '…'. */
const MAX_LABEL = 160;
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
  padding = CELL_PADDING,
): number {
  const own = column.width ?? KIND_WIDTH[column.kind ?? 'text'];
  if (!label) return own;
  const header = Math.min(MAX_HEADER, Math.ceil(textWidth(label(column.title), 14, 600)) + padding + (column.sort ? SORTER : 0));
  const tags = (column.kind === 'tag' || column.kind === 'enum') && column.options?.length
    ? Math.min(MAX_TAG, Math.max(...column.options.map((o) => tagWidth(column.literal ? o.label : label(o.label)))) + padding)
    : 0;
  // An enum shows a tag only when its value is a list or its option has a colour, else its label as text ('House mortgage').
  const tagged = column.kind === 'tag' || column.options?.some((o) => o.color) ? tags : 0;
  const words = column.kind === 'enum' && !tagged && column.options?.length
    ? Math.min(MAX_LABEL, Math.max(...column.options.map((o) => Math.ceil(textWidth(column.literal ? o.label : label(o.label))))) + padding)
    : 0;
  return Math.max(own, header, tagged, words);
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
  // A list of tags wraps in its cell (app/(admin)/admin.css), so each value shows whole.
  return <Tooltip title={title} placement="topLeft" mouseEnterDelay={0.4}>{Array.isArray(cell) ? <span className="tag-list">{cell}</span> : cell}</Tooltip>;
}

/** The text of a tag (a status, a kind, one of a list's values), which may end in '…' in a narrow column too. */
function tagText(cell: unknown): string | null {
  if (!isValidElement<{ children?: unknown }>(cell) || cell.type !== Tag) return null;
  return typeof cell.props.children === 'string' ? cell.props.children : null;
}

/** The ellipsis every column of the engine gets. */
export const FIT = { showTitle: false } as const;

/** A canvas to measure texts with in the browser (none on the server or in a test without one). */
let ruler: CanvasRenderingContext2D | null | undefined;
const measured = new Map<string, number>();

/**
 * Width of a text at `size` px in the page's font: measured in the browser, so an English
 * label is counted as it is drawn ('Authorize' is narrower than nine wide letters); else
 * estimated (CJK characters a full em, Latin ones about half of one).
 */
export function textWidth(text: string, size = 14, weight = 400): number {
  const key = `${size}|${weight}|${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (ruler === undefined) {
    try {
      ruler = typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent) ? null : document.createElement('canvas').getContext('2d');
    } catch {
      ruler = null;
    }
  }
  let width = 0;
  if (ruler) {
    ruler.font = `${weight} ${size}px ${getComputedStyle(document.body).fontFamily}`;
    width = ruler.measureText(text).width;
  } else {
    for (const char of text) width += /[\u2E80-\uFFEF]/.test(char) ? size : size * 0.58;
  }
  measured.set(key, width);
  return width;
}

/** Widest actions column; buttons beyond it go into the row's 更多 menu. */
const MAX_ACTIONS = 270;
/** Widest actions column of a table whose other columns leave it the room (at 1440 px the content box is some 1,130 px). */
const WIDE_ACTIONS = 360;
const TABLE_ROOM = 1100;
/** Width of a small link button (7 px padding and a 1 px border each side). */
const buttonWidth = (label: string) => Math.ceil(textWidth(label)) + 16;
/** The 更多 button: its label and the arrow beside it. */
const moreWidth = (label: string) => buttonWidth(label) + 20;

/**
 * How wide the actions column may grow beside columns `others` px wide: 270 px, or up to 360 when
 * the table still fits the 1440 px screen, so an English row keeps the buttons a Chinese one shows.
 */
export function actionsLimit(others: number): number {
  return Math.max(MAX_ACTIONS, Math.min(WIDE_ACTIONS, TABLE_ROOM - others));
}

/** The actions column: wide enough for its link buttons side by side (and the 更多 button when `more`). */
export function actionsWidth(labels: string[], more: string | null, limit = MAX_ACTIONS, padding = CELL_PADDING): number {
  const buttons = labels.reduce((sum, label) => sum + buttonWidth(label), more ? moreWidth(more) : 0);
  return Math.max(80, Math.min(limit, buttons + padding));
}

/**
 * Which of a row's own buttons stand in the row: in order, as many as fit the widest actions
 * column (`limit`) beside the buttons that always do (`fixed`: edit, add child, delete) and, when
 * some go, the 更多 button (`more`); the rest go into the 更多 menu, so buttons never wrap onto a second line.
 */
export function inlineActions<K>(actions: { key: K; label: string }[], fixed: string[], more: string, hasMore: boolean, limit = MAX_ACTIONS, padding = CELL_PADDING): Set<K> {
  const room = limit - padding - fixed.reduce((sum, label) => sum + buttonWidth(label), 0);
  const all = actions.reduce((sum, a) => sum + buttonWidth(a.label), 0);
  if (all + (hasMore ? moreWidth(more) : 0) <= room) return new Set(actions.map((a) => a.key));
  const inline = new Set<K>();
  let used = moreWidth(more);
  for (const action of actions) {
    if (used + buttonWidth(action.label) > room) break;
    used += buttonWidth(action.label);
    inline.add(action.key);
  }
  return inline;
}
