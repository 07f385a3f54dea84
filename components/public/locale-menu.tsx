'use client';

import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSetLocale } from '@/components/common/use-set-locale';
import { LOCALES, type Locale } from '@/lib/contract/locales';
import { Icon } from './icon';
import styles from './public.module.css';
import { useToast } from './toasts';

/** The sign-in pages' language menu: a menu button (arrows, Enter, Esc), as the shell's. */
export function LocaleMenu() {
  const t = useTranslations('locale');
  const toast = useToast();
  const { current, pending, choose } = useSetLocale();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[Math.max(0, LOCALES.indexOf(current))]?.focus();
    const away = (event: PointerEvent) => { if (!root.current?.contains(event.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, current]);

  const pick = async (locale: Locale) => {
    setOpen(false);
    try {
      await choose(locale);
    } catch {
      toast('error', t('switchFailed'));
    }
  };
  const keys = (event: KeyboardEvent) => {
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items.current[(at + step + LOCALES.length) % LOCALES.length]?.focus();
    }
  };

  return (
    <div ref={root} className={styles.locale}>
      <button type="button" className={styles.localeButton} aria-haspopup="menu" aria-expanded={open} aria-busy={pending || undefined} onClick={() => setOpen((on) => !on)}>
        <Icon of={GlobalOutlined} />
        <span>{t(current)}</span>
      </button>
      {open && (
        <div role="menu" className={styles.localeMenu} aria-label={t(current)} onKeyDown={keys}>
          {LOCALES.map((locale, index) => (
            <button
              key={locale}
              ref={(node) => { items.current[index] = node; }}
              type="button"
              role="menuitem"
              aria-current={locale === current || undefined}
              className={styles.localeItem}
              tabIndex={-1}
              onClick={() => pick(locale)}
            >
              {t(locale)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
