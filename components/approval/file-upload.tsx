'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiUpload, ApiError } from '@/lib/api/client';
import type { FileInfo } from '@/lib/contract/workflow';
import { FILE_ACCEPT, FILE_KINDS, FILE_MAX_BYTES, fileEnding, mimeOfEnding, type FileKind } from '@/lib/workflow/files';
import '@/styles/antd/upload.generated.css';
import { useApp } from '@/components/providers/app-notices';

const UPLOAD_CALL = 'upload/uploadFile';

/** Why a chosen file cannot go (its ending or size), as a message key; the service checks its content again. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!mimeOfEnding(fileEnding(file.name))) return 'validation.fileType';
  if (file.size > FILE_MAX_BYTES) return 'validation.fileTooLarge';
  return null;
}

/**
 * Adds a file to an application: its kind, then the file (JPG, PNG or PDF up to 10 MB).
 * The file goes as multipart/form-data; a refusal is shown as the field message it names.
 */
export function FileUpload({ applicationId, uploaded }: { applicationId: number; uploaded: (file: FileInfo) => unknown }) {
  const t = useTranslations();
  const { message } = useApp();
  const [kind, setKind] = useState<FileKind>('OTHER');
  const [sending, setSending] = useState(false);

  const upload = async (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    const form = new FormData();
    form.set('applicationId', String(applicationId));
    form.set('kind', kind);
    form.set('file', file);
    setSending(true);
    try {
      const { data } = await apiUpload(UPLOAD_CALL, form, { silent: true });
      void message.success(t('approval.files.uploaded', { name: data.name }));
      await uploaded(data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = Object.values(error.fields)[0];
      if (error.code !== 401) void message.error(field ? t(field) : error.message === 'system' ? t('errors.system') : error.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Space wrap>
      <Select<FileKind> value={kind} onChange={setKind} style={{ minWidth: 160 }} aria-label={t('approval.files.kind')} showSearch optionFilterProp="label"
        options={FILE_KINDS.map((k) => ({ value: k, label: t(`approval.fileKind.${k}`) }))} />
      <Upload accept={FILE_ACCEPT} showUploadList={false} disabled={sending}
        beforeUpload={(file) => { void upload(file); return Upload.LIST_IGNORE; }}>
        <Button icon={<UploadOutlined />} loading={sending}>{t('approval.files.upload')}</Button>
      </Upload>
      <Typography.Text type="secondary">{t('approval.files.hint')}</Typography.Text>
    </Space>
  );
}
