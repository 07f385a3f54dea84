'use client';

import AlipayCircleOutlined from '@ant-design/icons-svg/es/asn/AlipayCircleOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import WechatOutlined from '@ant-design/icons-svg/es/asn/WechatOutlined';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { CodeButton } from '@/components/public/code-button';
import { Icon } from '@/components/public/icon';
import { useInfoDialog } from '@/components/public/info-dialog';
import controls from '@/components/public/public.module.css';
import { SubmitButton } from '@/components/public/submit-button';
import { TextField } from '@/components/public/text-field';
import { useToast } from '@/components/public/toasts';
import { usePlainForm } from '@/components/public/use-plain-form';
import { api, ApiError } from '@/lib/api/client';
import { checkField } from '@/lib/contract/rules';
import { safeRedirect } from '@/lib/redirect';
import styles from './login-form.module.css';

const REMEMBERED_USER = 'lbo.login.username';
const METHODS = [
  { icon: WechatOutlined, name: 'methodWechat' },
  { icon: AlipayCircleOutlined, name: 'methodAlipay' },
  { icon: MobileOutlined, name: 'methodMobile' },
] as const;

/** The sign-in form: plain markup (no antd on this page), the SMS code when the service's switch is on. */
export function LoginForm() {
  const t = useTranslations('login');
  const toast = useToast();
  const info = useInfoDialog();
  const params = useSearchParams();
  const [smsOn, setSmsOn] = useState(false);
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = usePlainForm({ username: '', password: '', code: '' }, {
    username: (value) => checkField('username', value),
    password: (value) => checkField('password', value),
    code: (value) => (smsOn ? checkField('captcha', value) : null),
  });
  const { assign } = form;

  useEffect(() => {
    api('mobile/public/getSmsSwitch', {}, { silent: true }).then((sms) => setSmsOn(sms.smsSwitch === true), () => undefined);
  }, []);
  useEffect(() => {
    if (params.get('timeout')) toast('warning', t('timedOut'));
    const remembered = window.localStorage.getItem(REMEMBERED_USER);
    if (remembered) {
      assign({ username: remembered });
      setRemember(true);
    }
  }, [params, toast, t, assign]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = await form.validate();
    if (!values) return;
    setSubmitting(true);
    try {
      await api('admin/login', { username: values.username, password: values.password, ...(smsOn ? { code: values.code } : {}) });
      if (remember) window.localStorage.setItem(REMEMBERED_USER, values.username);
      else window.localStorage.removeItem(REMEMBERED_USER);
      toast('success', t('success'));
      window.location.assign(safeRedirect(params.get('redirect')));
    } catch (error) {
      if (error instanceof ApiError) void form.showAnswer(error.fields);
      setSubmitting(false);
    }
  };

  const requestCode = async () => {
    const values = await form.validate(['username']);
    if (!values) return false;
    try {
      await api('admin/sendSms', { purpose: 'LOGIN', username: values.username });
      toast('success', t('codeSent'));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <>
      <form method="post" noValidate onSubmit={submit} aria-label={t('title')}>
        <TextField {...form.field('username')} icon={UserOutlined} placeholder={t('username')} autoComplete="username" />
        <TextField {...form.field('password')} icon={LockOutlined} password placeholder={t('password')} autoComplete="current-password" />
        {smsOn && (
          <TextField
            {...form.field('code')}
            icon={SafetyOutlined}
            placeholder={t('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            addon={<CodeButton label={t('getCode')} onRequest={requestCode} />}
          />
        )}
        <div className={styles.row}>
          <label className={controls.check}>
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            {t('remember')}
          </label>
          <button type="button" className={controls.link} onClick={() => info.open(t('forgot'), t('forgotHint'))}>{t('forgot')}</button>
        </div>
        <div className={controls.item}><SubmitButton label={t('submit')} busy={submitting} /></div>
        <div className={styles.row}>
          <span className={styles.methods}>
            <span className={styles.muted}>{t('otherMethods')}</span>
            {METHODS.map(({ icon, name }) => (
              <button
                key={name}
                type="button"
                className={controls.icon}
                aria-label={t(name)}
                onClick={() => info.open(t('otherMethods'), t('otherMethodHint', { method: t(name) }))}
              >
                <Icon of={icon} />
              </button>
            ))}
          </span>
          <Link href="/register" className={controls.link}>{t('signUp')}</Link>
        </div>
      </form>
      {info.dialog}
    </>
  );
}
