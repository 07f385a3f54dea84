'use client';

import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { setNotifier } from '@/lib/api/client';
import { Icon } from './icon';
import styles from './public.module.css';

type Kind = 'success' | 'warning' | 'error';
interface Toast { key: string; kind: Kind; text: string }
type Show = (kind: Kind, text: string) => void;

const ICONS = { success: CheckCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };
/** As antd's message: three seconds on screen. */
const SHOWN_MS = 3000;

const ToastContext = createContext<Show>(() => undefined);

/** Shows a short message at the top of a plain page (success, warning, error), as antd's message does. */
export const useToast = () => useContext(ToastContext);

/**
 * The plain pages' messages: what the page shows and the API's errors (lib/api/client's
 * notifier), read out by screen readers. One toast per text: the same text again restarts it.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const t = useTranslations('errors');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback<Show>((kind, text) => {
    const key = `${kind}:${text}`;
    setToasts((list) => [...list.filter((toast) => toast.key !== key), { key, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((toast) => toast.key !== key)), SHOWN_MS);
  }, []);
  useEffect(() => {
    setNotifier((notice) => show('error', 'text' in notice ? notice.text : t(notice.key)));
  }, [show, t]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={styles.toasts} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.key} className={styles.toast}>
            <Icon of={ICONS[toast.kind]} className={styles[toast.kind]} />
            <span>{toast.text}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
