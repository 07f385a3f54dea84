'use client';

import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** SPEC.md section 9: the default resend countdown. */
const CAPTCHA_SECONDS = 60;

/**
 * Asks the host to request a code; while the countdown runs the button is disabled and
 * shows the seconds left. The countdown starts only when the request succeeded.
 */
export function CaptchaButton({ onRequest, label, seconds = CAPTCHA_SECONDS, size }: {
  onRequest: () => Promise<boolean>;
  label: string;
  seconds?: number;
  size?: 'large' | 'middle' | 'small';
}) {
  const t = useTranslations('common');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const request = async () => {
    setBusy(true);
    try {
      if (await onRequest()) setLeft(seconds);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} disabled={left > 0} loading={busy} onClick={request} style={{ minWidth: 112 }}>
      {left > 0 ? `${left} ${t('seconds')}` : label}
    </Button>
  );
}
