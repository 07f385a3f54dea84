import { writeFileSync, mkdirSync } from 'node:fs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { THEME, THEME_CLASS } from '../lib/theme';

/**
 * Writes the theme's variables (antd's `.lbo` rule) to styles/theme.generated.css, imported by
 * the root layout (the sign-in and error pages draw on them without antd's sheet), and every
 * antd component's styles for our theme, less that rule, to styles/antd.generated.css,
 * imported by the signed-in layout (after the root's, so the variables are there).
 */
const css = extractStyle((node) => <ConfigProvider theme={THEME}>{node}</ConfigProvider>);
const start = css.indexOf(`.${THEME_CLASS}{`);
if (start < 0) throw new Error(`[antd-css] no .${THEME_CLASS} rule in antd's styles`);
const end = css.indexOf('}', start) + 1;
const variables = css.slice(start, end);
mkdirSync('styles', { recursive: true });
const sheet = css.slice(0, start) + css.slice(end);
writeFileSync('styles/antd.generated.css', sheet);
writeFileSync('styles/theme.generated.css', `${variables}\n`);
console.log(`[antd-css] ${(sheet.length / 1024).toFixed(0)} KB written to styles/antd.generated.css, ${(variables.length / 1024).toFixed(0)} KB of theme variables to styles/theme.generated.css`);
