'use client';

import { Form, InputNumber, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import type { BondingCompanies } from '@/lib/contract/case-extras';
import { MONEY_MAX } from '@/lib/contract/limits';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

type Company = BondingCompanies['list'][number];

/**
 * A guarantee company's quota (guaranteeCompany/updateQuota), sent with the version read: an
 * edit made elsewhere in between is refused by the service and the table read again.
 */
export function QuotaDialog({ company, close, saved }: { company: Company; close: () => void; saved: () => void }) {
  const t = useTranslations('reports.report');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm<{ quota?: number }>();
  const fieldErrors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const save = async ({ quota }: { quota?: number }) => {
    setSaving(true);
    try {
      await apiCall('guaranteeCompany/updateQuota', { orgId: company.orgId, quota: quota ?? 0, version: company.version });
      void message.success(t('quotaSaved', { name: company.name }));
      saved();
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void fieldErrors(form, error.fields);
      if (error.code === 409) saved();
    } finally { setSaving(false); }
  };
  return (
    <Modal open title={t('quotaTitle', { name: company.name })} onCancel={close} onOk={() => form.submit()} confirmLoading={saving}
      okText={t('quotaSave')} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} initialValues={{ quota: company.quota ?? undefined }}>
        <Form.Item name="quota" label={t('quota')} extra={t('quotaHint', { used: company.used.toLocaleString() })}
          rules={[{ required: true, type: 'number', min: 0.01, max: MONEY_MAX, message: tv('amount') }]}>
          <InputNumber<number> style={{ width: '100%' }} min={0.01} max={MONEY_MAX} precision={2} step={1_000_000} prefix="¥" aria-label={t('quota')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
