'use client';

import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { apiUpload, ApiError } from '@/lib/api/client';
import type { FieldSpec, FileUploadSpec, UploadedFile } from '@/lib/resources/types';
import { useServerText } from '@/components/common/use-field-rule';
import { RegionPicker, type RegionValue } from '@/components/widgets/region-picker';
import { MENU_ICON_NAMES, menuIcon } from '@/components/shell/menu-icons';
import { regionPath } from './field-values';
import '@/styles/antd/upload.generated.css';
import { useApp } from '@/components/providers/app-notices';

/** The inputs of the kinds that need more than one antd component (controlled, for Form.Item). */

/** A region code (province or city) through the province / city cascader. */
export function RegionInput({ value, onChange, id, placeholder, disabled }: {
  value?: string; onChange?: (code: string | undefined) => void; id?: string; placeholder?: string; disabled?: boolean;
}) {
  // A stable value: the cascader resets its open column whenever the value's identity changes.
  const picked = useMemo<RegionValue | undefined>(() => regionPath(value), [value]);
  return <RegionPicker id={id} placeholder={placeholder} disabled={disabled} value={picked}
    onChange={(codes) => onChange?.(codes ? codes[1] ?? codes[0] : undefined)} />;
}

/** A size as people read it: 512 B, 3.4 KB, 10 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

const ending = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** Why a chosen file may not go (its name ending or size), as a message key; null when it may. */
export function uploadProblem(upload: Pick<FileUploadSpec, 'accept' | 'maxBytes'>, file: { name: string; size: number }): string | null {
  if (!upload.accept.includes(ending(file.name))) return 'crud.file.type';
  if (file.size > upload.maxBytes) return 'crud.file.tooLarge';
  return null;
}

/** The texts describing what an upload takes: the endings and the largest size. */
export const uploadLimits = (upload: Pick<FileUploadSpec, 'accept' | 'maxBytes'>) =>
  ({ types: upload.accept.map((e) => e.toUpperCase()).join(' / '), size: formatSize(upload.maxBytes) });

/**
 * The engine's upload of one file: refuses what the spec refuses before sending (telling the
 * user why), sends it as multipart/form-data (`file` plus the spec's fixed fields) and answers
 * what the call answered, or null when nothing was uploaded (the user was told why).
 */
export function useUpload(upload: FileUploadSpec | undefined) {
  const t = useTranslations();
  const text = useServerText();
  const { message } = useApp();
  const [sending, setSending] = useState(false);

  const send = async (file: File): Promise<(UploadedFile & Record<string, unknown>) | null> => {
    if (!upload) return null;
    const limits = uploadLimits(upload);
    const problem = uploadProblem(upload, file);
    if (problem) {
      void message.error(t(problem, limits));
      return null;
    }
    const form = new FormData();
    for (const [name, text] of Object.entries(upload.fields ?? {})) form.set(name, text);
    form.set('file', file);
    setSending(true);
    try {
      const data = (await apiUpload(upload.path, form, { silent: true })).data as UploadedFile & Record<string, unknown>;
      void message.success(t('crud.file.uploaded', { name: data.name }));
      return data;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const key = Object.values(error.fields)[0];
      if (error.code !== 401) void message.error(key ? await text(key) : error.message === 'system' ? t('errors.system') : error.message);
      return null;
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}

/**
 * One uploaded file: a button that picks and sends it (refusing what the spec refuses before
 * sending), then its name and size with a button that clears the field.
 */
export function FileInput({ field, value, onChange, disabled, id }: {
  field: FieldSpec; value?: UploadedFile | null; onChange?: (value: UploadedFile | null) => void; disabled?: boolean; id?: string;
}) {
  const t = useTranslations();
  const upload = field.upload!;
  const limits = uploadLimits(upload);
  const { send: sendFile, sending } = useUpload(upload);
  const send = async (file: File) => {
    const data = await sendFile(file);
    if (data) onChange?.({ id: data.id, name: data.name, size: data.size });
  };

  if (value) {
    return (
      <Space id={id}>
        <PaperClipOutlined aria-hidden />
        <Typography.Text>{value.name}</Typography.Text>
        <Typography.Text type="secondary">{formatSize(value.size)}</Typography.Text>
        {!disabled && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('crud.file.removeNamed', { name: value.name })}
            onClick={() => onChange?.(null)}>{t('crud.file.remove')}</Button>
        )}
      </Space>
    );
  }
  return (
    <Space wrap>
      <Upload accept={upload.accept.map((e) => `.${e}`).join(',')} showUploadList={false} disabled={disabled || sending}
        beforeUpload={(file) => { void send(file); return Upload.LIST_IGNORE; }}>
        <Button id={id} icon={<UploadOutlined />} loading={sending} disabled={disabled}>{t('crud.file.choose')}</Button>
      </Upload>
      <Typography.Text type="secondary">{t('crud.file.hint', limits)}</Typography.Text>
    </Space>
  );
}

/** A menu icon picked by sight: each option shows the icon with its name. */
export function IconPicker(props: { value?: string; onChange?: (value: string | undefined) => void; id?: string; disabled?: boolean; placeholder?: string; 'aria-label'?: string }) {
  const options = MENU_ICON_NAMES.map((name) => ({
    value: name,
    label: <Space size={8}>{menuIcon(name)}<span>{name}</span></Space>,
    name,
  }));
  return <Select {...props} options={options} allowClear showSearch={{ optionFilterProp: 'name' }} style={{ width: '100%' }} />;
}
