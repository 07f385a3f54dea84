import type { AgreementPreview } from '@/lib/contract/agreement';
import styles from './agreement-paper.module.css';

/** A filled agreement as a sheet of A4 paper: the title, then one paragraph a line. */
export function AgreementPaper({ preview, footer }: { preview: AgreementPreview; footer: string }) {
  return (
    <article className={styles.paper} data-testid="agreement-paper">
      <h1 className={styles.title}>{preview.title}</h1>
      {preview.body.split('\n').map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
        <p key={index} className={styles.line}>{line}</p>
      ))}
      <footer className={styles.footer}>{footer}</footer>
    </article>
  );
}
