'use client';

import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useRef, useState } from 'react';
import { Icon } from './icon';
import styles from './public.module.css';

/**
 * A notice in a modal dialog (the browser's own <dialog>: focus kept inside, Esc closes), as
 * antd's Modal.info: `open(title, content)` shows it; render `dialog` once in the page.
 */
export function useInfoDialog() {
  const t = useTranslations('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [notice, setNotice] = useState({ title: '', content: '' });
  const open = useCallback((title: string, content: string) => {
    setNotice({ title, content });
    ref.current?.showModal();
  }, []);
  const dialog = (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId}>
      <div className={styles.dialogBody}>
        <Icon of={InfoCircleFilled} className={styles.dialogIcon} />
        <div>
          <h3 id={titleId} className={styles.dialogTitle}>{notice.title}</h3>
          <p className={styles.dialogContent}>{notice.content}</p>
        </div>
      </div>
      {/* No <form method="dialog">: the dialog may sit inside a form, and a form in a form is dropped by the HTML parser. */}
      <div className={styles.dialogFooter}>
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={() => ref.current?.close()}>{t('ok')}</button>
      </div>
    </dialog>
  );
  return { open, dialog };
}
