import { mkdirSync, writeFileSync } from 'node:fs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { THEME } from '../lib/theme';

/**
 * antd's styles for our theme, written at build time as two static stylesheets (antd injects
 * none at run time: zeroRuntime, lib/theme.ts):
 * - styles/antd-public.generated.css: the components of the pages without a session (sign-in,
 *   registration, error pages), imported by the root layout;
 * - styles/antd-admin.generated.css: every other antd component, imported by the signed-in
 *   pages' layout, so the sign-in page does not wait for the styles of tables and pickers.
 */
const PUBLIC = ['App', 'Button', 'Card', 'Checkbox', 'Col', 'Dropdown', 'Form', 'Input', 'Modal', 'Result', 'Row', 'Space', 'message', 'notification'];

const theme = (node: ReactElement) => <ConfigProvider theme={THEME}>{node}</ConfigProvider>;

/** The top-level statements of a stylesheet (rules, @media and @keyframes blocks), in order. */
export function statements(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (css.slice(start).trim()) out.push(css.slice(start));
  return out;
}

const all = extractStyle(theme);
const publicCss = extractStyle({ customTheme: theme, includes: PUBLIC });
const inPublic = new Set(statements(publicCss));
const adminCss = statements(all).filter((statement) => !inPublic.has(statement)).join('');

mkdirSync('styles', { recursive: true });
writeFileSync('styles/antd-public.generated.css', publicCss);
writeFileSync('styles/antd-admin.generated.css', adminCss);
const kb = (text: string) => `${(text.length / 1024).toFixed(0)} KB`;
console.log(`[antd-css] ${kb(publicCss)} for the public pages, ${kb(adminCss)} more for the signed-in pages (of ${kb(all)} in all)`);
