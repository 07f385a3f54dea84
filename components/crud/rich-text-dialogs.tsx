'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Typography, Upload } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { safeImageUrl, safeLinkUrl } from '@/lib/contract/rich-text-rules';
import type { FileUploadSpec } from '@/lib/resources/types';
import { uploadLimits, useUpload } from './field-widgets';
import '@/styles/antd/upload.generated.css';

/** The prompt of a link's address: only http(s), mailto and addresses on this site are taken. */
export function LinkDialog({ open, initial, onClose, onDone }: {
  open: boolean; initial: string; onClose: () => void; onDone: (href: string) => void;
}) {
  const t = useTranslations('crud.richText');
  const [form] = Form.useForm<{ href: string }>();
  useEffect(() => { if (open) form.setFieldsValue({ href: initial }); }, [open, initial, form]);
  const done = async () => {
    const { href } = await form.validateFields();
    onDone(safeLinkUrl(href)!);
  };
  return (
    <Modal open={open} title={t('linkTitle')} onCancel={onClose} onOk={() => void done().catch(() => undefined)} destroyOnHidden width={440}>
      <Form form={form} layout="vertical" onFinish={() => void done()}>
        <Form.Item name="href" label={t('linkUrl')} required
          rules={[{ validator: async (_, value: string | undefined) => { if (!safeLinkUrl(value ?? '')) throw new Error(t('linkInvalid')); } }]}>
          <Input placeholder={t('linkPlaceholder')} autoFocus maxLength={2048} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The prompt of an image: its address (http(s) or on this site) and a description; with an
 * upload in the spec, a picked image goes through the engine's upload and its address is filled in.
 */
export function ImageDialog({ open, upload, onClose, onDone }: {
  open: boolean; upload?: FileUploadSpec; onClose: () => void; onDone: (image: { src: string; alt: string }) => void;
}) {
  const t = useTranslations('crud.richText');
  const tc = useTranslations('crud.file');
  const [form] = Form.useForm<{ src: string; alt?: string }>();
  const { send, sending } = useUpload(upload);
  useEffect(() => { if (open) form.resetFields(); }, [open, form]);
  const done = async () => {
    const { src, alt } = await form.validateFields();
    onDone({ src: safeImageUrl(src)!, alt: (alt ?? '').trim() });
  };
  const picked = async (file: File) => {
    const data = await send(file);
    if (!data) return;
    const url = upload?.imageUrl ? upload.imageUrl(data) : typeof data.url === 'string' ? data.url : undefined;
    if (url) form.setFieldsValue({ src: url, alt: form.getFieldValue('alt') || data.name });
  };
  return (
    <Modal open={open} title={t('imageTitle')} onCancel={onClose} onOk={() => void done().catch(() => undefined)} destroyOnHidden width={480}>
      <Form form={form} layout="vertical" onFinish={() => void done()}>
        <Form.Item name="src" label={t('imageUrl')} required
          rules={[{ validator: async (_, value: string | undefined) => { if (!safeImageUrl(value ?? '')) throw new Error(t('imageInvalid')); } }]}>
          <Input placeholder={t('imagePlaceholder')} autoFocus maxLength={2048} />
        </Form.Item>
        {upload && (
          <Form.Item>
            <Upload accept={upload.accept.map((e) => `.${e}`).join(',')} showUploadList={false} disabled={sending}
              beforeUpload={(file) => { void picked(file); return Upload.LIST_IGNORE; }}>
              <Button icon={<UploadOutlined />} loading={sending}>{t('imageUpload')}</Button>
            </Upload>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{tc('hint', uploadLimits(upload))}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="alt" label={t('imageAlt')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
