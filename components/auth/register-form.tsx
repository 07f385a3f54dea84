'use client';

import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { CodeButton } from '@/components/public/code-button';
import controls from '@/components/public/public.module.css';
import { SubmitButton } from '@/components/public/submit-button';
import { TextField } from '@/components/public/text-field';
import { useToast } from '@/components/public/toasts';
import { usePlainForm } from '@/components/public/use-plain-form';
import { api, ApiError } from '@/lib/api/client';
import { checkField } from '@/lib/contract/rules';

const EMPTY = { mail: '', password: '', confirm: '', mobile: '', captcha: '' };
type RegisterValues = typeof EMPTY;

/** The registration form: plain markup (no antd on this page). */
export function RegisterForm() {
  const t = useTranslations('register');
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const form = usePlainForm<RegisterValues>(EMPTY, {
    mail: (value) => checkField('mail', value),
    password: (value) => checkField('registerPassword', value),
    confirm: (value, values) => (!value ? 'validation.passwordRequired' : value !== values.password ? 'validation.passwordMismatch' : null),
    mobile: (value) => checkField('mobile', value),
    captcha: (value) => checkField('captcha', value),
  }, { password: ['confirm'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = await form.validate();
    if (!values) return;
    setSubmitting(true);
    try {
      const { confirm: _confirm, ...input } = values;
      await api('admin/register', input);
      window.location.assign('/register/result');
    } catch (error) {
      if (error instanceof ApiError) void form.showAnswer(error.fields);
      setSubmitting(false);
    }
  };

  const requestCaptcha = async () => {
    const values = await form.validate(['mobile']);
    if (!values) return false;
    try {
      await api('admin/sendSms', { purpose: 'REGISTER', mobile: values.mobile });
      toast('success', t('captchaSent'));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit} aria-label={t('title')}>
      <TextField {...form.field('mail')} icon={MailOutlined} placeholder={t('mail')} autoComplete="email" />
      <TextField {...form.field('password')} icon={LockOutlined} password placeholder={t('password')} autoComplete="new-password" />
      <TextField {...form.field('confirm')} icon={LockOutlined} password placeholder={t('confirm')} autoComplete="new-password" />
      <TextField {...form.field('mobile')} icon={MobileOutlined} placeholder={t('mobile')} inputMode="tel" maxLength={11} autoComplete="tel" />
      <TextField
        {...form.field('captcha')}
        icon={SafetyOutlined}
        placeholder={t('captcha')}
        inputMode="numeric"
        maxLength={6}
        addon={<CodeButton label={t('getCaptcha')} onRequest={requestCaptcha} />}
      />
      <div className={controls.item}><SubmitButton label={t('submit')} busy={submitting} /></div>
      <p style={{ textAlign: 'center', margin: '0 0 12px' }}>
        <Link href="/login" className={controls.link}>{t('haveAccount')}</Link>
      </p>
    </form>
  );
}
