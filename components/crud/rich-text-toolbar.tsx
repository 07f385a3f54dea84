'use client';

import {
  BoldOutlined, DeleteColumnOutlined, DeleteOutlined, DeleteRowOutlined, DisconnectOutlined, InsertRowBelowOutlined,
  InsertRowRightOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PaperClipOutlined, PictureOutlined, RedoOutlined,
  StrikethroughOutlined, TableOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Tooltip } from 'antd';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import '@/styles/antd/divider.generated.css';

type Level = 1 | 2 | 3 | 4;
const LEVELS: Level[] = [1, 2, 3, 4];

interface Tool { key: string; label: string; icon: ReactNode; run: () => void; active?: boolean; enabled?: boolean }

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop; arrow keys, Home and End move
 * between its buttons; every button has its label from the messages and tells whether its
 * format is on (aria-pressed).
 */
export function RichTextToolbar({ editor, label, disabled, onLink, onImage, onAttach }: {
  editor: Editor; label: string; disabled?: boolean; onLink: () => void; onImage: () => void; onAttach?: () => void;
}) {
  const t = useTranslations('crud.richText');
  const bar = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'), orderedList: e.isActive('orderedList'), blockquote: e.isActive('blockquote'),
      link: e.isActive('link'), headings: LEVELS.map((level) => e.isActive('heading', { level })),
      inTable: e.isActive('table'), canUndo: e.can().undo(), canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: Tool[][] = [
    LEVELS.map((level, i) => ({
      key: `h${level}`, label: t('heading', { level }), icon: <span aria-hidden>{`H${level}`}</span>, active: state.headings[i],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    [
      { key: 'bold', label: t('bold'), icon: <BoldOutlined />, active: state.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', label: t('italic'), icon: <ItalicOutlined />, active: state.italic, run: () => chain().toggleItalic().run() },
      { key: 'underline', label: t('underline'), icon: <UnderlineOutlined />, active: state.underline, run: () => chain().toggleUnderline().run() },
      { key: 'strike', label: t('strike'), icon: <StrikethroughOutlined />, active: state.strike, run: () => chain().toggleStrike().run() },
    ],
    [
      { key: 'bulletList', label: t('bulletList'), icon: <UnorderedListOutlined />, active: state.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'orderedList', label: t('orderedList'), icon: <OrderedListOutlined />, active: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'blockquote', label: t('blockquote'), icon: <span aria-hidden>”</span>, active: state.blockquote, run: () => chain().toggleBlockquote().run() },
    ],
    [
      { key: 'link', label: t('link'), icon: <LinkOutlined />, active: state.link, run: onLink },
      { key: 'unlink', label: t('unlink'), icon: <DisconnectOutlined />, enabled: state.link, run: () => chain().extendMarkRange('link').unsetLink().run() },
      { key: 'image', label: t('image'), icon: <PictureOutlined />, run: onImage },
      ...(onAttach ? [{ key: 'attach', label: t('attach'), icon: <PaperClipOutlined />, run: onAttach }] : []),
    ],
    [
      { key: 'table', label: t('table'), icon: <TableOutlined />, enabled: !state.inTable, run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
      { key: 'addRow', label: t('addRow'), icon: <InsertRowBelowOutlined />, enabled: state.inTable, run: () => chain().addRowAfter().run() },
      { key: 'deleteRow', label: t('deleteRow'), icon: <DeleteRowOutlined />, enabled: state.inTable, run: () => chain().deleteRow().run() },
      { key: 'addColumn', label: t('addColumn'), icon: <InsertRowRightOutlined />, enabled: state.inTable, run: () => chain().addColumnAfter().run() },
      { key: 'deleteColumn', label: t('deleteColumn'), icon: <DeleteColumnOutlined />, enabled: state.inTable, run: () => chain().deleteColumn().run() },
      { key: 'deleteTable', label: t('deleteTable'), icon: <DeleteOutlined />, enabled: state.inTable, run: () => chain().deleteTable().run() },
    ],
    [
      { key: 'undo', label: t('undo'), icon: <UndoOutlined />, enabled: state.canUndo, run: () => chain().undo().run() },
      { key: 'redo', label: t('redo'), icon: <RedoOutlined />, enabled: state.canRedo, run: () => chain().redo().run() },
    ],
  ];

  // Roving focus: the arrow keys move between the enabled buttons; Tab leaves the toolbar.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || !buttons.length) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };
  let first = true;
  return (
    <div ref={bar} role="toolbar" aria-label={t('toolbar', { field: label })} aria-disabled={disabled || undefined} onKeyDown={onKeyDown}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, padding: 4 }}>
      {groups.map((group, g) => (
        <span key={group[0]?.key ?? g} style={{ display: 'contents' }}>
          {g > 0 && <Divider orientation="vertical" style={{ margin: '0 2px' }} />}
          {group.map((tool) => {
            const enabled = !disabled && tool.enabled !== false;
            const tabIndex = enabled && first ? 0 : -1;
            if (enabled) first = false;
            return (
              <Tooltip key={tool.key} title={tool.label} mouseEnterDelay={0.6}>
                <Button size="small" type={tool.active ? 'primary' : 'text'} icon={tool.icon} aria-label={tool.label}
                  aria-pressed={tool.active === undefined ? undefined : tool.active} disabled={!enabled} tabIndex={tabIndex}
                  onMouseDown={(event) => event.preventDefault()} onClick={tool.run} />
              </Tooltip>
            );
          })}
        </span>
      ))}
    </div>
  );
}
