'use client';

import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { api, ApiError } from '@/lib/api/client';
import { CaptchaButton } from '@/components/common/captcha-button';
import { useFieldErrors, useFieldRule } from '@/components/common/use-field-rule';

interface RegisterValues { mail: string; password: string; confirm: string; mobile: string; captcha: string }

export function RegisterForm() {
  const t = useTranslations('register');
  const tv = useTranslations('validation');
  const rule = useFieldRule();
  const fieldErrors = useFieldErrors();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ confirm: _confirm, ...values }: RegisterValues) => {
    setSubmitting(true);
    try {
      await api('admin/register', values);
      window.location.assign('/register/result');
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      setSubmitting(false);
    }
  };

  const requestCaptcha = async () => {
    try {
      const values = await form.validateFields(['mobile']);
      await api('admin/sendSms', { purpose: 'REGISTER', mobile: values.mobile });
      void message.success(t('captchaSent'));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Form<RegisterValues> form={form} name="register" size="large" onFinish={submit} validateTrigger="onChange">
      <Form.Item name="mail" rules={[rule('mail')]}>
        <Input prefix={<MailOutlined />} placeholder={t('mail')} autoComplete="email" aria-label={t('mail')} />
      </Form.Item>
      <Form.Item name="password" rules={[rule('registerPassword')]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('password')} autoComplete="new-password" aria-label={t('password')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: tv('passwordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value) => { if (value && value !== getFieldValue('password')) throw new Error(tv('passwordMismatch')); },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('confirm')} autoComplete="new-password" aria-label={t('confirm')} />
      </Form.Item>
      <Form.Item name="mobile" rules={[rule('mobile')]}>
        <Input prefix={<MobileOutlined />} placeholder={t('mobile')} inputMode="tel" maxLength={11} autoComplete="tel" aria-label={t('mobile')} />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="captcha" noStyle rules={[rule('captcha')]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('captcha')} inputMode="numeric" maxLength={6} aria-label={t('captcha')} />
          </Form.Item>
          <CaptchaButton size="large" label={t('getCaptcha')} onRequest={requestCaptcha} />
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>{t('submit')}</Button>
      </Form.Item>
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <Link href="/login">{t('haveAccount')}</Link>
      </div>
    </Form>
  );
}
