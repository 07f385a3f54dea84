'use client';

import { Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import type { FundRow } from '@/lib/contract/loans';
import { chinaToday, todayValue } from '@/lib/china-time';
import { DatePicker } from '@/components/common/date-pickers';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

interface Values { day: Dayjs; amount: number; source: string }

/** Records a contribution to a company's fund; the key made when the dialog opens makes a retry (a double click, a lost answer) record it once. */
export function ContributeDialog({ fund, close, done }: { fund: FundRow; close: () => void; done: () => Promise<void> }) {
  const t = useTranslations('guaranteeFund');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const fieldErrors = useFieldErrors();
  const today = chinaToday();
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const { message: text } = await apiCall('guaranteeFund/contribute', {
        orgId: fund.orgId, day: values.day.format('YYYY-MM-DD'), amount: values.amount, source: values.source, key,
      });
      message.success(text || t('saved'));
      await done();
      close();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
    } finally {
      setBusy(false);
    }
  };
  const required = (text = tv('fieldRequired')) => [{ required: true, message: text }];
  return (
    <Modal open title={t('contributeOf', { org: fund.org })} onCancel={close} destroyOnHidden okText={t('contribute')}
      okButtonProps={{ loading: busy, htmlType: 'submit' }}
      modalRender={(node) => <Form form={form} layout="vertical" initialValues={{ day: todayValue() }} onFinish={submit}>{node}</Form>}>
      <Form.Item name="day" label={t('day')} rules={required(tv('date'))}>
        <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.format('YYYY-MM-DD') > today} />
      </Form.Item>
      <Form.Item name="amount" label={t('amount')} rules={required(tv('amount'))}>
        <InputNumber min={0.01} max={999_999_999_999.99} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="source" label={t('source')} rules={[...required(), { max: 100 }]}>
        <Input maxLength={100} placeholder={t('sourcePlaceholder')} />
      </Form.Item>
    </Modal>
  );
}
