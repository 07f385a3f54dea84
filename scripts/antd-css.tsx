import { writeFileSync, mkdirSync } from 'node:fs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { THEME } from '../lib/theme';

/** Writes every antd component's styles for our theme to styles/antd.generated.css (imported by the root layout). */
const css = extractStyle((node) => <ConfigProvider theme={THEME}>{node}</ConfigProvider>);
mkdirSync('styles', { recursive: true });
writeFileSync('styles/antd.generated.css', css);
console.log(`[antd-css] ${(css.length / 1024).toFixed(0)} KB written to styles/antd.generated.css`);
