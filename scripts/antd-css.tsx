import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createCache, extractStyle as takeStyles, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { OWN_SHEETS, ownSheetPath, SHELL_COMPONENTS } from '../lib/antd-sheets';
import { THEME, THEME_CLASS } from '../lib/theme';

/**
 * Writes antd's styles for our theme, split as lib/antd-sheets.ts says:
 * - the theme's variables (antd's `.lbo` rule) to styles/theme.generated.css, imported by the
 *   root layout (the sign-in and error pages draw on them without antd's sheets);
 * - the shell's components, less that rule, to styles/antd.generated.css, imported by the
 *   signed-in layout (after the root's, so the variables are there);
 * - every other component's styles, less what the shell's sheet has, to
 *   styles/antd/<name>.generated.css, imported by the modules that draw it.
 * antd's own extractor draws each component (with its parts: a modal's confirm, an input's
 * text area); its styles are gathered in a cache of ours, so that a sheet leaves out what was taken already.
 */
function styles(cache: ReturnType<typeof createCache>, includes: readonly string[]): string {
  extractStyle({
    includes: [...includes],
    customTheme: (node) => <StyleProvider cache={cache}><ConfigProvider theme={THEME}>{node}</ConfigProvider></StyleProvider>,
  });
  return takeStyles(cache, { plain: true, once: true });
}

const write = (file: string, css: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, css);
};

const shell = styles(createCache(), SHELL_COMPONENTS);
const start = shell.indexOf(`.${THEME_CLASS}{`);
if (start < 0) throw new Error(`[antd-css] no .${THEME_CLASS} rule in antd's styles`);
const end = shell.indexOf('}', start) + 1;
write('styles/theme.generated.css', `${shell.slice(start, end)}\n`);
write('styles/antd.generated.css', shell.slice(0, start) + shell.slice(end));

rmSync('styles/antd', { recursive: true, force: true });
let own = 0;
for (const [component, parts] of Object.entries(OWN_SHEETS)) {
  const cache = createCache();
  styles(cache, SHELL_COMPONENTS);
  const css = styles(cache, [component, ...parts]);
  if (!css) throw new Error(`[antd-css] antd drew no styles of its own for ${component}`);
  write(ownSheetPath(component), css);
  own += css.length;
}
console.log(`[antd-css] the shell's sheet ${((shell.length - (end - start)) / 1024).toFixed(0)} KB, ${Object.keys(OWN_SHEETS).length} sheets of their own ${(own / 1024).toFixed(0)} KB, the theme's variables ${((end - start) / 1024).toFixed(1)} KB`);
