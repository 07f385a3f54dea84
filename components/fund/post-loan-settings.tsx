'use client';

import { Alert, Button, Card, Flex, Form, InputNumber, Select, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { ApiError, api, apiCall } from '@/lib/api/client';
import type { PostLoanSettings } from '@/lib/contract/loans';
import { RATE_ACTIONS } from '@/lib/workflow/loan-states';
import { formatChinaTime } from '@/lib/china-time';
import { useCallAllowed } from '@/components/access/permission';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

/** 贷后设置: the claim threshold, write-off years, leverage maximum and compensation-rate threshold with its action; one versioned form. */
export function PostLoanSettingsScreen() {
  const t = useTranslations('postLoanSettings');
  const tv = useTranslations('validation');
  const { message } = useApp();
  const canEdit = useCallAllowed()('postLoanSetting/update');
  const { data, isLoading, mutate } = useSWR('postLoanSetting/get', () => api('postLoanSetting/get', {}));
  const [form] = Form.useForm<PostLoanSettings>();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();
  useEffect(() => { if (data) form.setFieldsValue(data); }, [data, form]);
  const submit = async (values: PostLoanSettings) => {
    if (!data) return;
    setBusy(true);
    try {
      const { message: text } = await apiCall('postLoanSetting/update', { ...values, version: data.version });
      message.success(text || t('saved'));
      await mutate();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      if (error instanceof ApiError && error.code === 409) await mutate();
    } finally {
      setBusy(false);
    }
  };
  const required = [{ required: true, message: tv('fieldRequired') }];
  const wide = { width: '100%', maxWidth: 320 };
  return (
    <Card title={t('title')}>
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Alert type="info" showIcon message={t('intro')} />
        {!canEdit && data && <Alert type="warning" showIcon message={t('readOnly')} />}
        {isLoading || !data ? <Skeleton active paragraph={{ rows: 6 }} /> : (
          <Form form={form} layout="vertical" initialValues={data} onFinish={submit} disabled={!canEdit || busy}>
            <Form.Item name="claimDays" label={t('claimDays')} extra={t('claimDaysHelp')} rules={required}>
              <InputNumber min={1} max={3650} precision={0} suffix={t('days')} style={wide} />
            </Form.Item>
            <Form.Item name="writeOffYears" label={t('writeOffYears')} extra={t('writeOffYearsHelp')} rules={required}>
              <InputNumber min={0} max={30} precision={0} suffix={t('years')} style={wide} />
            </Form.Item>
            <Form.Item name="leverageMax" label={t('leverageMax')} extra={t('leverageMaxHelp')} rules={required}>
              <InputNumber min={0.1} max={100} precision={2} step={0.5} suffix={t('times')} style={wide} />
            </Form.Item>
            <Form.Item name="compensationRateMax" label={t('compensationRateMax')} extra={t('compensationRateMaxHelp')} rules={required}>
              <InputNumber min={0} max={100} precision={2} suffix="%" style={wide} />
            </Form.Item>
            <Form.Item name="compensationRateAction" label={t('compensationRateAction')} rules={required}>
              <Select style={wide} options={RATE_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))} />
            </Form.Item>
            <Flex gap={8} wrap align="center">
              {canEdit && <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>}
              {canEdit && <Button onClick={() => form.setFieldsValue(data)}>{t('reset')}</Button>}
              <span style={{ color: 'rgba(0,0,0,0.65)' }}>{data.updateTime ? t('updated', { time: formatChinaTime(data.updateTime) }) : t('neverUpdated')}</span>
            </Flex>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
