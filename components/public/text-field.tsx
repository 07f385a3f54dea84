'use client';

import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useTranslations } from 'next-intl';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useHydrated } from '@/components/common/use-hydrated';
import { Icon } from './icon';
import styles from './public.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'id'>;

/**
 * A large input with its icon, as antd's: the placeholder names it, its message shows below
 * and describes it (aria-describedby), a password can be shown, and an addon (a code button)
 * may follow it. Read-only until the page is hydrated.
 */
export function TextField({ id, icon, value, error, onChange, password = false, addon, ...input }: InputProps & {
  id: string;
  icon: IconDefinition;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  password?: boolean;
  addon?: ReactNode;
}) {
  const t = useTranslations('common');
  const [shown, setShown] = useState(false);
  // Typed before the page can handle it, a value would be lost when React takes the input over.
  const hydrated = useHydrated();
  const messageId = `${id}-message`;
  return (
    <div className={styles.item}>
      <div className={styles.control}>
        <span className={`${styles.affix} ${error ? styles.invalid : ''}`}>
          <Icon of={icon} className={styles.prefix} />
          <input
            {...input}
            id={id}
            name={id}
            type={password && !shown ? 'password' : 'text'}
            aria-label={input['aria-label'] ?? input.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            readOnly={!hydrated || input.readOnly}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          {password && (
            <button type="button" className={styles.reveal} aria-label={t(shown ? 'hidePassword' : 'showPassword')} aria-pressed={shown} onClick={() => setShown((on) => !on)}>
              <Icon of={shown ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          )}
        </span>
        {addon}
      </div>
      {error && <div id={messageId} className={styles.message} role="alert">{error}</div>}
    </div>
  );
}
