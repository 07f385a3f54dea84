'use client';

import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { LOCALES, type Locale } from '@/lib/contract/locales';
import { useSetLocale } from './use-set-locale';
import { useApp } from '@/components/providers/app-notices';

/**
 * The shell's language menu: stores the choice in this browser (for the signed-in user) and
 * re-renders the page in it. `labelClassName` lets a narrow header hide the text (the button keeps its name).
 */
export function LocaleSwitch({ dark = false, labelClassName }: { dark?: boolean; labelClassName?: string }) {
  const t = useTranslations('locale');
  const { current, pending, choose } = useSetLocale();
  const { message, notification } = useApp();
  const { mutate } = useSWRConfig();
  const pick = async (locale: Locale) => {
    try {
      if (!(await choose(locale))) return;
      // A toast still on screen speaks the old language: it goes with the switch.
      message.destroy();
      notification.destroy();
      // Answers hold texts in the language they were asked in (messages, statuses): ask again.
      void mutate(() => true);
    } catch {
      void message.error(t('switchFailed'));
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ selectedKeys: [current], items: LOCALES.map((l) => ({ key: l, label: t(l) })), onClick: ({ key }) => pick(key as Locale) }}
    >
      <Button type="text" icon={<GlobalOutlined />} loading={pending} aria-label={t(current)} style={dark ? { color: '#fff' } : undefined}>
        <span className={labelClassName}>{t(current)}</span>
      </Button>
    </Dropdown>
  );
}
