'use client';

import { Card, Descriptions, Typography } from 'antd';
import { useFormatter, useLocale, useNow, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/contract/locales';
import '@/styles/antd/descriptions.generated.css';

/** Sample figures for the formatting demo. */
const DEMO_NUMBER = 1234567.891;
const DEMO_AMOUNT = 8888.5;
const DEMO_CURRENCY = 'CNY';

/**
 * The internationalization demo (SPEC.md section 2): greets the signed-in user in the
 * current language and shows a date, a number and an amount formatted for that language.
 * `now` comes from the server so the server and browser renders agree.
 */
export function I18nDemo({ nickname, now }: { nickname: string; now?: Date }) {
  const t = useTranslations('i18nDemo');
  const tLocale = useTranslations('locale');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const clock = useNow();
  const today = format.dateTime(now ?? clock, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });
  return (
    <Card title={t('title')}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>{t('greeting', { name: nickname, date: today })}</Typography.Title>
      <Descriptions
        column={1}
        // On a phone the list's last line has no room under it: the hint below keeps a line's gap.
        style={{ marginBottom: 16 }}
        items={[
          { key: 'language', label: t('language'), children: tLocale(locale) },
          { key: 'number', label: t('number'), children: format.number(DEMO_NUMBER, { maximumFractionDigits: 2 }) },
          { key: 'amount', label: t('amount'), children: format.number(DEMO_AMOUNT, { style: 'currency', currency: DEMO_CURRENCY }) },
        ]}
      />
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
    </Card>
  );
}
