import { writeFileSync, mkdirSync } from 'node:fs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { THEME, THEME_CLASS } from '../lib/theme';

/**
 * Writes every antd component's styles for our theme to styles/antd.generated.css (imported by
 * the signed-in layout), and the theme's variables alone (the `.lbo` rule) to
 * styles/theme.generated.css (imported by the root layout: the sign-in pages and the error
 * pages draw on them without antd's sheet).
 */
const css = extractStyle((node) => <ConfigProvider theme={THEME}>{node}</ConfigProvider>);
const start = css.indexOf(`.${THEME_CLASS}{`);
if (start < 0) throw new Error(`[antd-css] no .${THEME_CLASS} rule in antd's styles`);
const variables = css.slice(start, css.indexOf('}', start) + 1);
mkdirSync('styles', { recursive: true });
writeFileSync('styles/antd.generated.css', css);
writeFileSync('styles/theme.generated.css', `${variables}\n`);
console.log(`[antd-css] ${(css.length / 1024).toFixed(0)} KB written to styles/antd.generated.css, ${(variables.length / 1024).toFixed(0)} KB of theme variables to styles/theme.generated.css`);
