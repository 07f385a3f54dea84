// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'acorn';
import { cleanup, render } from '@testing-library/react';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import { genComponentStyleHook, genStyleHooks, genSubStyleComponent } from 'antd/es/theme/internal';
import useToken, { ignore, unitless } from 'antd/es/theme/useToken';
import type { ThemeConfig } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import * as zero from '@/lib/antd-zero-runtime';
import { RUNTIME_THEME, STILL_THEME, THEME } from '@/lib/theme';
import { TOKEN_FILE, tokenSource } from '../../scripts/antd-token';
import { ROOT } from './module-files';

/**
 * antd's style modules lose their style code in the build (scripts/antd-zero-runtime-loader.cjs):
 * their hooks come from lib/antd-zero-runtime.ts, which must give the class names antd's own give
 * under the product's theme, and the loader must reach every generator call antd makes.
 */
const loader = createRequire(import.meta.url)('../../scripts/antd-zero-runtime-loader.cjs') as {
  REPLACED_MODULE: RegExp;
  STYLE_MODULE: { path: RegExp; content: RegExp };
  generatorCalls: (node: unknown) => { arguments: unknown[] }[];
  zeroRuntime: (source: string, resourcePath: string) => string;
  prune: (source: string) => string;
};
const parseModule = (source: string) => parse(source, { ecmaVersion: 'latest', sourceType: 'module' });

afterEach(cleanup);

/** The names a module exports. */
const exportedNames = (source: string) => (parseModule(source).body as unknown as { type: string; declaration?: { id?: { name: string }; declarations?: { id: { name: string } }[] }; specifiers?: { exported: { name: string } }[] }[])
  .flatMap((node) => node.type === 'ExportDefaultDeclaration' ? ['default']
    : node.type === 'ExportNamedDeclaration' ? [...(node.declaration?.id ? [node.declaration.id.name] : []), ...(node.declaration?.declarations ?? []).map((d) => d.id.name), ...(node.specifiers ?? []).map((s) => s.exported.name)]
    : []).sort();

describe('antd without run-time styles', () => {
  it("gives a component the class names antd's own style hooks give under the product's theme", () => {
    const style = () => ({ '.probe': { color: 'red' } });
    const own = { hooks: genStyleHooks('Button', style), component: genComponentStyleHook('Button', style) };
    const stub = { hooks: zero.genStyleHooks(), component: zero.genComponentStyleHook() };
    const seen: Record<string, unknown> = {};
    function Probe() {
      seen.own = [own.hooks('ant-btn', 'ant-btn-css-var'), own.component('ant-btn')];
      seen.stub = [stub.hooks(), stub.component()];
      return null;
    }
    render(<ConfigProvider theme={RUNTIME_THEME}><Probe /></ConfigProvider>);
    expect(seen.own).toEqual([['', 'lbo'], '']);
    expect(seen.stub).toEqual(seen.own);
  });

  it('a sub-style component draws nothing, as antd’s own', () => {
    const Own = genSubStyleComponent('Button', () => ({}));
    const Stub = zero.genSubStyleComponent();
    const { container } = render(<ConfigProvider theme={RUNTIME_THEME}><Own prefixCls="ant-btn" /><Stub /><Button>OK</Button></ConfigProvider>);
    expect(container.innerHTML).toBe(render(<ConfigProvider theme={RUNTIME_THEME}><Button>OK</Button></ConfigProvider>).container.innerHTML);
  });

  it('rewrites every generator call of antd’s modules to a stub without arguments', () => {
    const antd = join(ROOT, 'node_modules/antd/es');
    const files = readdirSync(antd, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')).map((name) => join(antd, name));
    const styled = files.filter((file) => loader.STYLE_MODULE.path.test(file) && loader.STYLE_MODULE.content.test(readFileSync(file, 'utf8')));
    expect(styled.length).toBeGreaterThan(80);
    for (const file of styled) {
      const source = readFileSync(file, 'utf8');
      const before = loader.generatorCalls(parseModule(source));
      expect(before.length, file).toBeGreaterThan(0);
      const after = loader.zeroRuntime(source, file);
      expect(after, file).toMatch(/^import \{ (genStyleHooks|genComponentStyleHook|genSubStyleComponent) as __zero_\w+.* from '(\.\.\/)+lib\/antd-zero-runtime\.ts';\n/);
      // What is left calls no generator of antd's; each stub call takes nothing.
      expect(loader.generatorCalls(parseModule(after)), file).toEqual([]);
      expect(after.match(/__zero_gen\w+\(\)/g)?.length, file).toBe(before.length);
    }
  });

  it('keeps every name a module of antd still imports from a style module, as the browser gets both', () => {
    const antd = join(ROOT, 'node_modules/antd/es');
    const files = readdirSync(antd, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')).map((name) => join(antd, name));
    const styled = new Set(files.filter((file) => loader.STYLE_MODULE.content.test(readFileSync(file, 'utf8')) || loader.REPLACED_MODULE.test(file)));
    expect([...styled].filter((file) => loader.REPLACED_MODULE.test(file))).toHaveLength(5);
    const served = (file: string) => (styled.has(file) ? loader.zeroRuntime(readFileSync(file, 'utf8'), file) : readFileSync(file, 'utf8'));
    const exported = new Map([...styled].map((file) => [file, new Set(exportedNames(served(file)))]));
    const missing: string[] = [];
    let imports = 0;
    for (const file of files) {
      const body = parseModule(served(file)).body as unknown as { type: string; source?: { value: string }; specifiers?: { type: string; imported?: { name: string } }[] }[];
      for (const statement of body) {
        if (statement.type !== 'ImportDeclaration' || !statement.source!.value.startsWith('.')) continue;
        const base = join(file, '..', statement.source!.value);
        const target = [base, `${base}.js`, join(base, 'index.js')].find((candidate) => exported.has(candidate));
        if (!target) continue;
        for (const specifier of statement.specifiers!) {
          const name = specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportSpecifier' ? specifier.imported!.name : null;
          imports += 1;
          if (name && !exported.get(target)!.has(name)) missing.push(`${file} imports ${name} from ${target}`);
        }
      }
    }
    expect(imports).toBeGreaterThan(80);
    expect(missing).toEqual([]);
    // What only style code used is gone: the tag's colour helpers bring no colour picker, the
    // token hook and the style generators' factory no CSS-in-JS runtime nor token algorithm.
    expect(served(join(antd, 'tag/style/index.js'))).not.toMatch(/color-picker/);
    expect(served(join(antd, 'theme/useToken.js'))).not.toMatch(/cssinjs|alias|themes/);
    expect(served(join(antd, 'theme/util/genStyleUtils.js'))).not.toMatch(/cssinjs|style'/);
    expect(served(join(antd, 'theme/context.js'))).not.toMatch(/themes\/default/);
  });

  it('takes out the helpers nothing left refers to and the imports only they used, and nothing else', () => {
    const source = [
      "import { a, b as bee } from './ab';",
      "import c from './c';",
      "import * as d from './d';",
      "import './effect.css';",
      'const helper = (token) => bee(token);',
      'function unused() { return d.x; }',
      'const kept = (token) => a(token);',
      'const made = c();',
      'export const exported = (token) => kept(token);',
      'export default __zero_genStyleHooks();',
    ].join('\n');
    expect(loader.prune(source).split('\n').filter(Boolean)).toEqual([
      "import { a } from './ab';",
      "import c from './c';",
      "import './effect.css';",
      'const kept = (token) => a(token);',
      'const made = c();',
      'export const exported = (token) => kept(token);',
      'export default __zero_genStyleHooks();',
    ]);
  });

  it('is up to date with the theme (run `npx tsx scripts/antd-token.tsx` after changing lib/theme.ts)', () => {
    expect(readFileSync(join(ROOT, TOKEN_FILE), 'utf8')).toBe(tokenSource());
  });

  it("gives a component antd's own token under each theme the build computed one for", () => {
    // antd's list of the keys its CSS variables keep as they are (not exported by antd).
    const useTokenSource = readFileSync(join(ROOT, 'node_modules/antd/es/theme/useToken.js'), 'utf8');
    const preserve = JSON.parse(useTokenSource.match(/const preserve = (\{[^}]*\})/)![1]!.replace(/(\w+):/g, '"$1":')) as object;
    for (const theme of [RUNTIME_THEME, STILL_THEME]) {
      const seen: Record<string, unknown[]> = {};
      function Probe() {
        seen.own = [...useToken()];
        seen.built = [...zero.useBuiltToken({ unitless, ignore, preserve })];
        return null;
      }
      render(<ConfigProvider theme={theme}><ConfigProvider descriptions={{}}><Probe /></ConfigProvider></ConfigProvider>);
      const { _hashId: _, ...ownVariables } = seen.own![3] as Record<string, unknown>;
      expect(seen.built!.slice(1)).toEqual([seen.own![1], '', ownVariables, seen.own![4], true]);
      expect((seen.built![1] as { motion: boolean }).motion).toBe(theme === RUNTIME_THEME);
      cleanup();
    }
  });

  it('will not run a theme the build computed no token for', () => {
    function Probe() {
      zero.useBuiltToken({ unitless, ignore, preserve: {} });
      return null;
    }
    const other: ThemeConfig[] = [
      { ...RUNTIME_THEME, token: { ...THEME.token, colorPrimary: '#ff0000' } },
      { ...RUNTIME_THEME, components: { Layout: { headerHeight: 64 } } },
      { ...RUNTIME_THEME, hashed: true },
    ];
    for (const theme of other) {
      expect(() => render(<ConfigProvider theme={theme}><Probe /></ConfigProvider>)).toThrow(/computed no token/);
    }
  });

  it('leaves a module without generator calls as it was', () => {
    const source = "import { Button } from 'antd';\nexport const x = 1;\n";
    expect(loader.zeroRuntime(source, join(ROOT, 'node_modules/antd/es/x/index.js'))).toBe(source);
  });
});
