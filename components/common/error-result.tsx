import { getTranslations } from 'next-intl/server';
import { THEME_CLASS } from '@/lib/theme';
import styles from './error-result.module.css';

/**
 * The error pages of SPEC.md section 8: antd's status illustration, the status, the exact text
 * and 'Back to home' (the root). Server markup only: antd's Result and Button are client
 * modules, and the root not-found would ship them with every page. The illustrations are
 * antd's own, drawn once by the build (scripts/error-images.tsx); the styles use the theme's
 * variables (THEME_CLASS), so the button keeps the primary colour.
 */
export async function ErrorResult({ status, inShell = false }: { status: 403 | 404 | 500; inShell?: boolean }) {
  const [t, common] = await Promise.all([getTranslations('errorPage'), getTranslations('common')]);
  // Inside the shell, whose content is the page's <main> and whose heading names the page.
  const Frame = inShell ? 'div' : 'main';
  const Title = inShell ? 'h2' : 'h1';
  return (
    <Frame className={`${THEME_CLASS} ${styles.page} ${inShell ? styles.inShell : ''}`}>
      <div className={styles.result}>
        <div className={styles.image}>
          {/* Lazy: the root not-found travels with every page, and an eager image would be preloaded by every page (without the CSP nonce). */}
          {/* biome-ignore lint/performance/noImgElement: a static SVG, nothing for next/image to optimise */}
          <img src={`/errors/${status}.svg`} width={252} height={294} alt="" loading="lazy" />
        </div>
        <Title className={styles.title}>{status}</Title>
        <p className={styles.subtitle}>{t(String(status) as '403' | '404' | '500')}</p>
        <div className={styles.extra}>
          <a href="/" className={styles.button}>{common('backHome')}</a>
        </div>
      </div>
    </Frame>
  );
}
