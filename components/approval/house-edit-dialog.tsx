'use client';

import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { DatePicker } from '@/components/common/date-pickers';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import { dayText, dayValue } from '@/lib/china-time';
import type { HouseInfo } from '@/lib/contract/workflow';
import { HOUSE_STATES } from '@/lib/workflow/house';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

const VALUE_MAX = 100_000_000;

/**
 * The mortgage stage's record of a house (business-house-property/edit): its valuation, its
 * property certificate, and the mortgage's registration number and date once registered. Only
 * the case's assignee at the stage opens it; the service checks that again, and the version.
 */
export function HouseEditDialog({ house, close, saved }: { house: HouseInfo; close: () => void; saved: () => void }) {
  const t = useTranslations('casework.house');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm();
  const fieldErrors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const state = Form.useWatch('mortgageState', form) as HouseInfo['mortgageState'] | undefined;
  const registered = state !== undefined && state !== 'PENDING';
  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await apiCall('business-house-property/edit', {
        id: house.id, version: house.version, assessedValue: values.assessedValue as number, certificateNo: String(values.certificateNo ?? ''),
        mortgageNo: String(values.mortgageNo ?? ''), registeredOn: values.registeredOn ? dayText(values.registeredOn as never) : undefined,
        mortgageState: values.mortgageState as HouseInfo['mortgageState'],
      });
      void message.success(t('saved'));
      saved();
      close();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
    } finally { setSaving(false); }
  };
  const required = { required: true, message: tv('fieldRequired') };
  return (
    <Modal open title={t('editTitle')} onCancel={close} onOk={() => form.submit()} confirmLoading={saving} okText={t('save')} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} initialValues={{
        assessedValue: house.assessedValue, certificateNo: house.certificateNo, mortgageNo: house.mortgageNo,
        registeredOn: dayValue(house.registeredOn), mortgageState: house.mortgageState,
      }}>
        <Form.Item name="assessedValue" label={t('assessedValue')} rules={[{ ...required, type: 'number', min: 0.01, max: VALUE_MAX, message: tv('amount') }]}>
          <InputNumber style={{ width: '100%' }} min={0} max={VALUE_MAX} precision={2} aria-label={t('assessedValue')} />
        </Form.Item>
        <Form.Item name="certificateNo" label={t('certificateNo')} rules={[required, { max: 64 }]}>
          <Input maxLength={64} aria-label={t('certificateNo')} />
        </Form.Item>
        <Form.Item name="mortgageState" label={t('mortgageState')} rules={[required]}>
          <Select aria-label={t('mortgageState')} options={HOUSE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))} />
        </Form.Item>
        <Form.Item name="mortgageNo" label={t('mortgageNo')} rules={registered ? [required, { max: 64 }] : [{ max: 64 }]}>
          <Input maxLength={64} aria-label={t('mortgageNo')} />
        </Form.Item>
        <Form.Item name="registeredOn" label={t('registeredOn')} rules={registered ? [{ required: true, message: tv('date') }] : []}>
          <DatePicker style={{ width: '100%' }} aria-label={t('registeredOn')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
