'use client';

import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api/client';
import { LOCALES, type Locale } from '@/lib/contract/locales';

/**
 * Language menu: stores the choice in this browser (for the signed-in user) and re-renders
 * the page in it. `labelClassName` lets a narrow header hide the text (the button keeps its name).
 */
export function LocaleSwitch({ dark = false, labelClassName }: { dark?: boolean; labelClassName?: string }) {
  const t = useTranslations('locale');
  const current = useLocale();
  const router = useRouter();
  const { message, notification } = App.useApp();
  const [pending, startTransition] = useTransition();
  const { mutate } = useSWRConfig();
  const choose = async (locale: Locale) => {
    if (locale === current) return;
    try {
      await api('admin/setLocale', { locale }, { silent: true });
      // A toast still on screen speaks the old language: it goes with the switch.
      message.destroy();
      notification.destroy();
      startTransition(() => router.refresh());
      // Answers hold texts in the language they were asked in (messages, statuses): ask again.
      void mutate(() => true);
    } catch {
      void message.error(t('switchFailed'));
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ selectedKeys: [current], items: LOCALES.map((l) => ({ key: l, label: t(l) })), onClick: ({ key }) => choose(key as Locale) }}
    >
      <Button type="text" icon={<GlobalOutlined />} loading={pending} aria-label={t(current as Locale)} style={dark ? { color: '#fff' } : undefined}>
        <span className={labelClassName}>{t(current as Locale)}</span>
      </Button>
    </Dropdown>
  );
}
