'use client';

import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { theme, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { richTextLength, safeImageUrl, safeLinkUrl } from '@/lib/contract/rich-text-rules';
import type { FieldSpec } from '@/lib/resources/types';
import { useUpload } from './field-widgets';
import { ImageDialog, LinkDialog } from './rich-text-dialogs';
import { RichTextToolbar } from './rich-text-toolbar';

/** The look of the text being written: tables with borders, images within the width. */
const CONTENT_CSS = `
.rich-text-content { min-height: 160px; max-height: 480px; overflow-y: auto; padding: 8px 11px; outline: none; }
.rich-text-content > :first-child { margin-top: 0; }
.rich-text-content table { border-collapse: collapse; width: 100%; margin: 8px 0; table-layout: fixed; }
.rich-text-content th, .rich-text-content td { border: 1px solid #d9d9d9; padding: 4px 8px; vertical-align: top; }
.rich-text-content th { background: #fafafa; font-weight: 600; }
.rich-text-content td p, .rich-text-content th p { margin: 0; }
.rich-text-content .selectedCell { background: rgba(22, 119, 255, 0.12); }
.rich-text-content img { max-width: 100%; height: auto; }
.rich-text-content img.ProseMirror-selectednode { outline: 2px solid #1677ff; }
.rich-text-content blockquote { border-left: 3px solid #d9d9d9; margin: 8px 0; padding-left: 12px; color: rgba(0, 0, 0, 0.65); }
.rich-text-content pre { background: #f5f5f5; padding: 8px; border-radius: 4px; }
`;

/** Links the selection (or the link the cursor is in); with nothing selected, inserts the address as a link. */
function setLink(editor: Editor, href: string) {
  if (editor.state.selection.empty && !editor.isActive('link')) {
    editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }
}

/**
 * The rich-text field's editor (tiptap): headings, bold, italic, underline, strike, lists,
 * quotes, links, tables, images and (with the spec's `attach`) attachments, uploaded and
 * linked under their names, with a toolbar and a count of the text against the
 * spec's `max`. Its value is the editor's HTML ('' when empty); the service sanitises it
 * (lib/contract/rich-text.ts). Loaded only by a form that shows a rich-text field
 * (field-input.tsx), so no other screen downloads it.
 */
export default function RichTextEditor({ field, value, onChange, disabled, id }: {
  field: FieldSpec; value?: string | null; onChange?: (html: string) => void; disabled?: boolean; id?: string;
}) {
  const t = useTranslations();
  const { token } = theme.useToken();
  const label = t(field.label);
  const emitted = useRef<string | null | undefined>(value);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  const attachment = useUpload(field.attach);

  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    content: value || '',
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => safeLinkUrl(url) !== null,
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: false }),
    ],
    editorProps: {
      attributes: { class: 'rich-text-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(id ? { id } : {}) },
      // Pasted or dropped images with unsafe addresses (data:, javascript:) are left out.
      transformPastedHTML: (html) => html.replace(/<img\b[^>]*>/gi, (tag) => {
        const src = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
        return src && safeImageUrl(src) ? tag : '';
      }),
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (the form's reset, a row being edited) replaces the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  // Without an update event: turning editing on or off is no change of the value (and no validation).
  useEffect(() => { editor?.setEditable(!disabled, false); }, [editor, disabled]);

  /** Uploads a picked attachment and links it, under its name, where the cursor is. */
  const attach = async (file: File) => {
    const data = await attachment.send(file);
    if (!data || !editor) return;
    const href = field.attach?.imageUrl ? field.attach.imageUrl(data) : typeof data.url === 'string' ? data.url : undefined;
    if (!href || !safeLinkUrl(href)) return;
    editor.chain().focus().insertContent([{ type: 'text', text: data.name, marks: [{ type: 'link', attrs: { href } }] }, { type: 'text', text: ' ' }]).run();
  };

  const count = richTextLength(value ?? '');
  const over = !!field.max && count > field.max;
  const border = `1px solid ${token.colorBorder}`;
  return (
    <div style={{ border, borderRadius: token.borderRadius, background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer }}>
      <style>{CONTENT_CSS}</style>
      {editor && (
        <div style={{ borderBottom: border }}>
          <RichTextToolbar editor={editor} label={label} disabled={disabled || attachment.sending}
            onLink={() => setDialog('link')} onImage={() => setDialog('image')} onAttach={field.attach ? () => attachInput.current?.click() : undefined} />
        </div>
      )}
      <EditorContent editor={editor} />
      <div style={{ textAlign: 'right', padding: '0 8px 4px' }}>
        <Typography.Text type={over ? 'danger' : 'secondary'} style={{ fontSize: token.fontSizeSM }} aria-live="polite">
          {field.max ? t('crud.richText.count', { count, max: field.max }) : t('crud.richText.countOnly', { count })}
        </Typography.Text>
      </div>
      {field.attach && (
        <input ref={attachInput} type="file" style={{ display: 'none' }} aria-hidden tabIndex={-1} accept={field.attach.accept.map((e) => `.${e}`).join(',')}
          onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) void attach(file); }} />
      )}
      {editor && (
        <>
          <LinkDialog open={dialog === 'link'} initial={String(editor.getAttributes('link').href ?? '')} onClose={() => setDialog(null)}
            onDone={(href) => { setDialog(null); setLink(editor, href); }} />
          <ImageDialog open={dialog === 'image'} upload={field.upload} onClose={() => setDialog(null)}
            onDone={({ src, alt }) => { setDialog(null); editor.chain().focus().setImage({ src, alt }).run(); }} />
        </>
      )}
    </div>
  );
}
