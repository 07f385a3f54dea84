'use client';

import styles from './rich-body.module.css';

/**
 * A notice's or help template's body as the portal shows it. Only ever given HTML the service
 * answered, which its rich-text field schema sanitised on save (lib/contract/rich-text.ts):
 * nothing typed in the browser is rendered as markup here.
 */
export function RichBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the service's sanitised body, never unsanitised input
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
