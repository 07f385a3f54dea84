import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, type MessageScope, pickMessages } from '@/lib/client-messages';
import type { Tree } from '@/lib/contract/text-catalogue';
import { UI_TEXTS } from '@/lib/i18n';
import { resolveLocal, ROOT } from './module-files';

/**
 * Each page's client components get only the texts of the scopes its layouts and its page
 * hand them (lib/client-messages.ts). This follows every page's modules, as the bundler does,
 * and collects the texts its client modules name: a key written out ('crud.save'), a key under
 * a namespaced translator (`const t = useTranslations('login')` ... `t('submit')`), a key built
 * under a known prefix (`approval.stage.${stage}`: the whole of `approval.stage`), or a
 * translator used with keys it cannot read (the whole namespace). Each must lie in a scope
 * the page gets. Keys built from nothing but a variable (a spec's label, a key the service
 * answered) are not seen here; the specs' labels are written out in the specs, which are
 * followed too, and what the service answers is loaded when needed (use-field-rule.ts).
 */
const CATALOGUE = UI_TEXTS['zh-CN'] as unknown as Tree;
const NAMESPACES = new Set(Object.keys(CATALOGUE));
/** Message keys translated in the browser from the shared texts loaded on demand, not from the page's (a file, or a folder's files). */
const ON_DEMAND = ['lib/contract/rules.ts', 'lib/resources/rules/'];
/**
 * Texts of parts of the screen engine that only a spec asking for them shows: a page needs
 * them when one of its modules (its specs) says so, whatever modules the engine brings along.
 */
const WHEN_SPECS_ASK = [
  { prefix: 'crud.import', ask: /\bimporter:\s*\{/ },
  { prefix: 'crud.richText', ask: /kind:\s*'richText'/ },
];

interface Module { client: boolean; imports: string[]; keys: Set<string>; scopes: string[]; asks: Set<string> }
const modules = new Map<string, Module>();

/** The keys a translator bound to `namespace` is called with between `from` and `to` of the source. */
function namespacedKeys(code: string, name: string, namespace: string, from: number, to: number, keys: Set<string>) {
  const body = code.slice(from, to);
  let whole = false;
  for (const use of body.matchAll(new RegExp(`(?<![\\w.$])${name}\\b(\\.(?:rich|markup|raw|has))?(\\s*\\(\\s*)?`, 'g'))) {
    if (!use[2]) continue;
    const rest = body.slice(use.index + use[0].length);
    const literal = rest.match(/^(['"])([\w.-]+)\1/);
    const built = rest.match(/^`([\w.-]*)\$\{/);
    if (literal) keys.add(`${namespace}.${literal[2]}`);
    else if (built?.[1]?.endsWith('.')) keys.add(`${namespace}.${built[1].slice(0, -1)}.*`);
    else whole = true;
  }
  // Handed to another function (not a hook's list of dependencies): used there with keys not seen here.
  if (new RegExp(`[(,]\\s*${name}\\s*[,)]`).test(body.replace(/\[[^\]]*\]\s*\)/g, ''))) whole = true;
  if (whole) keys.add(`${namespace}.*`);
}

function parse(file: string): Module {
  const known = modules.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const imports: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)) imports.push(m[1]!);
  for (const m of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) imports.push(m[1]!);
  const keys = new Set<string>();
  if (!ON_DEMAND.some((path) => (path.endsWith('/') ? file.startsWith(join(ROOT, path)) : file === join(ROOT, path)))) {
    // A translator's namespace is no text itself: what it is called with is (below).
    const texts = code.replace(/(useTranslations|getTranslations)\(\s*['"][\w.]+['"]/g, '$1(');
    for (const m of texts.matchAll(/['"`]([a-zA-Z]\w*(?:\.[\w-]+)+)(\.\$\{|['"`])/g)) {
      if (!NAMESPACES.has(m[1]!.split('.')[0]!)) continue;
      keys.add(m[2] === '.${' ? `${m[1]}.*` : m[1]!);
    }
  }
  // A spec's key names its screen's title (`resources.${spec.key}.title` in the engine).
  const screens = Object.keys((CATALOGUE.resources ?? {}) as Tree);
  for (const m of code.matchAll(/\bkey:\s*([^,\n]+),\s*rowKey:/g)) {
    for (const name of m[1]!.matchAll(/'(\w+)'/g)) if (screens.includes(name[1]!)) keys.add(`resources.${name[1]}.title`);
  }
  const translators = [...code.matchAll(/(?:const|let)\s+(\w+)\s*=\s*(?:useTranslations|await getTranslations)\(\s*(?:['"]([\w.]+)['"])?\s*\)/g)];
  translators.forEach((m, i) => {
    if (!m[2]) return;
    const end = translators.slice(i + 1).find((next) => next[1] === m[1])?.index ?? code.length;
    namespacedKeys(code, m[1]!, m[2], m.index + m[0].length, end, keys);
  });
  const module: Module = {
    client: /^\s*['"]use client['"]/m.test(source),
    imports: imports.map((s) => resolveLocal(file, s)).filter((f): f is string => !!f && !f.endsWith('.json')),
    keys,
    scopes: [...code.matchAll(/<PageMessages of="(\w+)"/g)].map((m) => m[1]!),
    asks: new Set(WHEN_SPECS_ASK.filter(({ ask }) => ask.test(code)).map(({ prefix }) => prefix)),
  };
  modules.set(file, module);
  return module;
}

/** The keys the client modules reachable from `entry` name (with the file naming each), and the scopes `entry` hands down. */
function follow(entry: string): { keys: Map<string, string>; scopes: Set<string> } {
  const keys = new Map<string, string>();
  const scopes = new Set<string>();
  const asked = new Set<string>();
  const seen = new Map<string, boolean>();
  const stack: [string, boolean][] = [[entry, false]];
  while (stack.length) {
    const [file, below] = stack.pop()!;
    const module = parse(file);
    const client = below || module.client;
    if (seen.has(file) && (seen.get(file) || !client)) continue;
    seen.set(file, client);
    if (client) for (const key of module.keys) if (!keys.has(key)) keys.set(key, relative(ROOT, file));
    for (const prefix of module.asks) asked.add(prefix);
    // The scope a layout or page hands down is written in that file.
    if (file === entry) for (const scope of module.scopes) scopes.add(scope);
    for (const next of module.imports) stack.push([next, client]);
  }
  for (const key of keys.keys()) {
    const part = WHEN_SPECS_ASK.find(({ prefix }) => key === prefix || key.startsWith(`${prefix}.`));
    if (part && !asked.has(part.prefix)) keys.delete(key);
  }
  return { keys, scopes };
}

/** Whether one of the paths holds the key (`x.y.*`: the whole of x.y). */
function covered(key: string, paths: readonly string[]): boolean {
  const whole = key.endsWith('.*');
  const path = whole ? key.slice(0, -2) : key;
  // A key built from one namespace and a variable (`resources.${spec.key}.title`) names no namespace to check.
  if (whole && !path.includes('.')) return true;
  return paths.some((p) => path === p || path.startsWith(`${p}.`));
}

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'api' ? [] : pages(full);
    return name === 'page.tsx' ? [full] : [];
  });
}

const scopePaths = (scopes: Iterable<string>) => [...scopes].flatMap((s) => [...CLIENT_MESSAGES[s as MessageScope]]);
const missing = (keys: Map<string, string>, paths: readonly string[]) =>
  [...keys].filter(([key]) => !covered(key, paths)).map(([key, file]) => `${key} (${file})`);

describe('the texts each page hands its client components (lib/client-messages.ts)', () => {
  const app = join(ROOT, 'app');
  const rootLayout = follow(join(app, 'layout.tsx'));
  const adminLayout = follow(join(app, '(admin)', 'layout.tsx'));

  it('the root layout, its error and 404 pages get what they name', () => {
    expect(rootLayout.scopes).toEqual(new Set(['root']));
    for (const file of ['layout.tsx', 'error.tsx', 'not-found.tsx']) expect(missing(follow(join(app, file)).keys, CLIENT_MESSAGES.root), file).toEqual([]);
  });

  it('the shell gets what it names', () => {
    expect(adminLayout.scopes).toEqual(new Set(['shell']));
    expect(missing(adminLayout.keys, scopePaths(['root', 'shell']))).toEqual([]);
  });

  it.each(pages(app).map((file) => relative(app, file)))('%s', (page) => {
    const { keys, scopes } = follow(join(app, page));
    const above = page.startsWith('(admin)') ? ['root', 'shell'] : ['root'];
    expect(missing(keys, scopePaths([...above, ...scopes]))).toEqual([]);
    // A page whose client components name texts of their own hands them down itself.
    if ([...keys.keys()].some((key) => !covered(key, scopePaths(above)))) expect(scopes.size).toBe(1);
  });

  it('every path of every scope is in both languages', () => {
    for (const [locale, texts] of Object.entries(UI_TEXTS)) {
      for (const [scope, paths] of Object.entries(CLIENT_MESSAGES)) {
        for (const path of paths) expect(pickMessages(texts as unknown as Tree, [path]), `${locale} ${scope} ${path}`).not.toEqual({});
      }
    }
  });
});

describe('pickMessages', () => {
  const tree: Tree = { a: { b: 'B', c: { d: 'D', e: 'E' } }, f: 'F', g: { h: 'H' } };

  it('takes namespaces and single texts, nothing else', () => {
    expect(pickMessages(tree, ['a.c.d', 'f', 'x.y'])).toEqual({ a: { c: { d: 'D' } }, f: 'F' });
    expect(pickMessages(tree, ['g', 'a.b'])).toEqual({ g: { h: 'H' }, a: { b: 'B' } });
  });

  it('leaves the catalogue as it was when a text lies inside a namespace also taken', () => {
    const before = structuredClone(tree);
    expect(pickMessages(tree, ['a.c.d', 'a.c', 'a.c.e'])).toEqual({ a: { c: { d: 'D', e: 'E' } } });
    expect(tree).toEqual(before);
  });
});
