import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_SHEETS, ownSheet, SHELL_COMPONENTS, UNSTYLED } from '@/lib/antd-sheets';
import { ROOT, sourceFiles } from './module-files';

/**
 * A signed-in page links the shell's antd sheet and the sheets of the other components its
 * modules draw (lib/antd-sheets.ts). A module that draws a component without importing its
 * sheet would show it unstyled: every module's antd imports are checked here.
 */
const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());

/** The antd components a module takes at run time: `import { A, type B } from 'antd'` and `import('antd/es/a-b')` or `from 'antd/es/a-b'`. */
function antdComponents(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s*'antd'/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  for (const m of source.matchAll(/^import\s+(?!type\b)[^'";]*from\s*'antd\/es\/([a-z-]+)'|import\('antd\/es\/([a-z-]+)'\)/gm)) names.add(pascal((m[1] ?? m[2])!));
  return [...names];
}

const shell = new Set<string>([...SHELL_COMPONENTS, ...UNSTYLED]);
const modules = ['app', 'components', 'lib'].flatMap(sourceFiles).map((file) => ({ file: relative(ROOT, file), source: readFileSync(file, 'utf8') }));

describe('antd sheets', () => {
  it('reads the components a module takes, types and locales aside', () => {
    expect(antdComponents([
      "import { App, Button as AntButton, type TableProps,\n  Upload } from 'antd';",
      "import type { FormInstance } from 'antd';",
      "import type { RangePickerProps } from 'antd/es/date-picker';",
      "import zhCN from 'antd/locale/zh_CN';",
      "const TreeSelect = lazy(() => import('antd/es/tree-select'));",
    ].join('\n'))).toEqual(['App', 'Button', 'Upload', 'TreeSelect']);
  });

  it('every module imports the own sheet of each component it draws that the shell sheet lacks', () => {
    const missing: string[] = [];
    for (const { file, source } of modules) {
      for (const component of antdComponents(source)) {
        if (shell.has(component)) continue;
        if (!(component in OWN_SHEETS)) missing.push(`${file}: ${component} is in no sheet of lib/antd-sheets.ts`);
        else if (!source.includes(`import '${ownSheet(component)}';`)) missing.push(`${file}: import '${ownSheet(component)}';`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every own sheet is drawn by some module, and each module imports only the sheets of what it draws', () => {
    const unused = new Set(Object.keys(OWN_SHEETS));
    const needless: string[] = [];
    for (const { file, source } of modules) {
      const drawn = new Set(antdComponents(source));
      for (const component of Object.keys(OWN_SHEETS)) {
        if (!source.includes(`import '${ownSheet(component)}';`)) continue;
        unused.delete(component);
        if (!drawn.has(component)) needless.push(`${file}: ${component}`);
      }
    }
    expect([...unused]).toEqual([]);
    expect(needless).toEqual([]);
  });
});
