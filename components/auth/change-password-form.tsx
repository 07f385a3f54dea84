'use client';

import { Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { api, ApiError } from '@/lib/api/client';
import { useFieldErrors, useFieldRule } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

interface Values { oldPassword: string; newPassword: string; confirm: string }

/** SPEC.md section 5: validated on blur; on success the message is shown and the user signs in again. */
export function ChangePasswordForm() {
  const t = useTranslations('password');
  const tv = useTranslations('validation');
  const rule = useFieldRule();
  const fieldErrors = useFieldErrors();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ confirm: _confirm, ...values }: Values) => {
    setSubmitting(true);
    try {
      const result = await api('admin/updatePassWord', values);
      await message.success(result.message, 1.5);
      window.location.assign('/login');
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('title')} style={{ maxWidth: 520 }}>
      <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" onFinish={submit}>
        <Form.Item name="oldPassword" label={t('old')} required rules={[rule('oldPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('new')} required rules={[rule('newPassword')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: tv('confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              // Compared only with a new password: with none, its own field says so, and once only.
              validator: async (_, value) => {
                const fresh = getFieldValue('newPassword');
                if (value && fresh && value !== fresh) throw new Error(tv('passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>{t('submit')}</Button>
      </Form>
    </Card>
  );
}
