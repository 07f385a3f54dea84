'use client';

import { AlipayCircleOutlined, LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Space } from 'antd';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '@/lib/api/client';
import { safeRedirect } from '@/lib/redirect';
import { CaptchaButton } from '@/components/common/captcha-button';
import { useFieldErrors, useFieldRule } from '@/components/common/use-field-rule';
import styles from './login-form.module.css';

interface LoginValues { username: string; password: string; code?: string; remember: boolean }
const REMEMBERED_USER = 'lbo.login.username';

export function LoginForm() {
  const t = useTranslations('login');
  const rule = useFieldRule();
  const fieldErrors = useFieldErrors();
  const { message, modal } = App.useApp();
  const params = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const { data: sms } = useSWR('mobile/public/getSmsSwitch', (path) => api(path, {}, { silent: true }));
  const smsOn = sms?.smsSwitch === true;

  useEffect(() => {
    if (params.get('timeout')) void message.warning({ content: t('timedOut'), key: 'timeout' });
    const remembered = window.localStorage.getItem(REMEMBERED_USER);
    if (remembered) form.setFieldsValue({ username: remembered, remember: true });
  }, [params, message, t, form]);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await api('admin/login', values);
      if (values.remember) window.localStorage.setItem(REMEMBERED_USER, values.username);
      else window.localStorage.removeItem(REMEMBERED_USER);
      void message.success(t('success'));
      window.location.assign(safeRedirect(params.get('redirect')));
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      setSubmitting(false);
    }
  };

  const requestCode = async () => {
    try {
      const { username: name } = await form.validateFields(['username']);
      await api('admin/sendSms', { purpose: 'LOGIN', username: name });
      void message.success(t('codeSent'));
      return true;
    } catch {
      return false;
    }
  };

  const otherMethod = (method: string) => () => modal.info({ title: t('otherMethods'), content: t('otherMethodHint', { method }) });

  return (
    <Form<LoginValues> form={form} name="login" size="large" onFinish={submit} initialValues={{ remember: false }} validateTrigger="onChange">
      <Form.Item name="username" rules={[rule('username')]}>
        <Input prefix={<UserOutlined />} placeholder={t('username')} autoComplete="username" aria-label={t('username')} />
      </Form.Item>
      <Form.Item name="password" rules={[rule('password')]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('password')} autoComplete="current-password" aria-label={t('password')} />
      </Form.Item>
      {smsOn && (
        <Form.Item>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[rule('captcha')]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('code')} inputMode="numeric" autoComplete="one-time-code" aria-label={t('code')} maxLength={6} />
            </Form.Item>
            <CaptchaButton size="large" label={t('getCode')} onRequest={requestCode} />
          </Space.Compact>
        </Form.Item>
      )}
      <div className={styles.row}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('remember')}</Checkbox>
        </Form.Item>
        <Button type="link" className={styles.link} onClick={() => modal.info({ title: t('forgot'), content: t('forgotHint') })}>{t('forgot')}</Button>
      </div>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>{t('submit')}</Button>
      </Form.Item>
      <div className={styles.row}>
        <Space size={12} align="center">
          <span className={styles.muted}>{t('otherMethods')}</span>
          <Button type="text" shape="circle" icon={<WechatOutlined />} aria-label={t('methodWechat')} onClick={otherMethod(t('methodWechat'))} />
          <Button type="text" shape="circle" icon={<AlipayCircleOutlined />} aria-label={t('methodAlipay')} onClick={otherMethod(t('methodAlipay'))} />
          <Button type="text" shape="circle" icon={<MobileOutlined />} aria-label={t('methodMobile')} onClick={otherMethod(t('methodMobile'))} />
        </Space>
        <Link href="/register">{t('signUp')}</Link>
      </div>
    </Form>
  );
}
