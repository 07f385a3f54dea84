/**
 * A build loader for antd's modules (next.config.mjs). Their style hooks generate CSS at run time,
 * which this product never does: every style comes from the sheets scripts/antd-css.tsx writes,
 * and antd runs with zeroRuntime. Each call of antd's three style generators (`genStyleHooks`,
 * `genComponentStyleHook`, `genSubStyleComponent`) is made a call of lib/antd-zero-runtime.ts
 * without arguments, which gives the same class names. What only the style code used is then
 * taken out of the module: its own helpers and the imports they named (another component's colour
 * code, antd's shared style helpers), so they are not bundled.
 *
 * The design token comes from the build too (lib/antd-token.generated.ts): antd's `useToken`, the
 * default theme it derives the token with, the style generators' factory and the icons' style
 * hook are taken from lib/antd-zero-runtime.ts (REPLACED), so the token's algorithms (colour
 * palettes, derivatives) and the CSS-in-JS runtime are not bundled either. So is a card's Tabs,
 * which would bring antd's tabs, dropdown, menu and popups to every page that draws a card.
 */
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('acorn');

const parseModule = (source) => parse(source, { ecmaVersion: 'latest', sourceType: 'module' });

const GENERATORS = ['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'];
/** The modules the loader is for: antd's that call a generator (next.config.mjs's rule). */
const STYLE_MODULE = { path: /node_modules[\\/]antd[\\/]es[\\/]/, content: new RegExp(`\\b(${GENERATORS.join('|')})\\(`) };
const STUB = path.join(__dirname, '../lib/antd-zero-runtime.ts');

/**
 * antd's modules whose token and style code the build replaces: for each, the top-level statements
 * (by how they begin) and what takes their place; `stub` is lib/antd-zero-runtime.ts's path from
 * the module. Each must be found once, or the build stops (antd changed).
 */
const REPLACED = {
  'theme/useToken.js': [
    [/^export const getComputedToken =/, () => ''],
    [/^export default function useToken\(\)/, (stub) => `import { useBuiltToken } from '${stub}';\nexport default function useToken() {\n  return useBuiltToken({ unitless, ignore, preserve });\n}`],
  ],
  'theme/context.js': [[/^export \{ default as defaultTheme \}/, (stub) => `export { builtTheme as defaultTheme } from '${stub}';`]],
  'theme/util/genStyleUtils.js': [[/^export const \{\s*genStyleHooks,/, (stub) => `export { ${GENERATORS.join(', ')} } from '${stub}';`]],
  'config-provider/style/index.js': [[/^export \{ useResetIconStyle as default \}/, (stub) => `export { useResetIconStyle as default } from '${stub}';`]],
  // Not style code: a card's tabs (`tabList`), which no card of ours has, downloaded when drawn.
  'card/Card.js': [[/^import Tabs from '\.\.\/tabs';$/, (stub) => `import { CardTabs as Tabs } from '${stub}';`]],
};
const REPLACED_MODULE = new RegExp(`node_modules[\\\\/]antd[\\\\/]es[\\\\/](${Object.keys(REPLACED).map((name) => name.replace(/\.js$/, '').replaceAll('/', '[\\\\/]')).join('|')})\\.js$`);

/** The calls of a generator in a module's syntax tree. */
function generatorCalls(node, found = []) {
  if (!node || typeof node.type !== 'string') return found;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && GENERATORS.includes(node.callee.name)) found.push(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) generatorCalls(item, found);
    else if (value && typeof value === 'object') generatorCalls(value, found);
  }
  return found;
}

/** The names a syntax tree refers to (a property's or member's name is not one). */
function references(node, found = new Set()) {
  if (!node || typeof node.type !== 'string') return found;
  if (node.type === 'Identifier') {
    found.add(node.name);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    if (!node.computed && ((key === 'property' && node.type === 'MemberExpression') || (key === 'key' && (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition')))) continue;
    if (Array.isArray(value)) for (const item of value) references(item, found);
    else if (value && typeof value === 'object') references(value, found);
  }
  return found;
}

/** A declaration whose evaluation has no effect: a function, or a name for a function, a literal or another name. */
const PURE_INIT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier']);
const declaredNames = (statement) => {
  if (statement.type === 'FunctionDeclaration') return [statement.id.name];
  if (statement.type === 'VariableDeclaration' && statement.declarations.every((d) => d.id.type === 'Identifier' && (!d.init || PURE_INIT.has(d.init.type)))) {
    return statement.declarations.map((d) => d.id.name);
  }
  return null;
};

const specifierText = (source, specifier) => source.slice(specifier.start, specifier.end);

/** An exported function or constant no module imports: a declaration like any other. */
const unneededExport = (statement, needed) => statement.type === 'ExportNamedDeclaration' && statement.declaration && needed && !needed.has('*')
  && (declaredNames(statement.declaration) ?? []).length > 0 && declaredNames(statement.declaration).every((name) => !needed.has(name));

/**
 * The module without the top-level functions and constants nothing left refers to, and without
 * the imports only they used (antd's modules have no side effects: package.json's sideEffects).
 * Exports stay, but for those `needed` (the names other modules import, when known) leaves out:
 * they are no longer exported, and go if nothing left refers to them. Every other statement stays.
 */
function prune(source, needed) {
  const { body } = parseModule(source);
  const owner = new Map();
  const live = new Set();
  for (const statement of body) {
    const names = statement.type === 'ImportDeclaration' ? statement.specifiers.map((s) => s.local.name)
      : unneededExport(statement, needed) ? declaredNames(statement.declaration) : declaredNames(statement);
    if (names && (statement.type !== 'ImportDeclaration' || names.length > 0)) for (const name of names) owner.set(name, statement);
    else live.add(statement);
  }
  const used = new Set();
  const pending = [...live];
  while (pending.length > 0) {
    const statement = pending.pop();
    if (statement.type === 'ImportDeclaration') continue;
    for (const name of references(statement)) {
      if (used.has(name)) continue;
      used.add(name);
      const declaration = owner.get(name);
      if (declaration && !live.has(declaration)) {
        live.add(declaration);
        pending.push(declaration);
      }
    }
  }
  let out = source;
  for (const statement of [...body].reverse()) {
    if (statement.type === 'ImportDeclaration' && live.has(statement)) {
      const kept = statement.specifiers.filter((s) => used.has(s.local.name));
      if (kept.length === statement.specifiers.length) continue;
      const first = kept.filter((s) => s.type !== 'ImportSpecifier').map((s) => specifierText(source, s));
      const named = kept.filter((s) => s.type === 'ImportSpecifier').map((s) => specifierText(source, s));
      const clause = [...first, ...(named.length ? [`{ ${named.join(', ')} }`] : [])].join(', ');
      out = `${out.slice(0, statement.start)}import ${clause} from ${specifierText(source, statement.source)};${out.slice(statement.end)}`;
    } else if (!live.has(statement)) {
      out = `${out.slice(0, statement.start)}${out.slice(statement.end)}`;
    } else if (unneededExport(statement, needed)) {
      out = `${out.slice(0, statement.start)}${out.slice(statement.declaration.start)}`;
    }
  }
  return out;
}

/** antd's ES modules' folder, looked up when the build first needs it. */
let antdFolder;
const antd = () => (antdFolder ??= path.join(path.dirname(require.resolve('antd/package.json')), 'es'));

/** The names a module's imports and re-exports take from each antd module, by file. */
function importsOf(file, body, sources) {
  const taken = [];
  for (const statement of body) {
    if (!statement.source || !['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(statement.type)) continue;
    const spec = statement.source.value;
    if (!spec.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const target = [base, `${base}.js`, path.join(base, 'index.js')].find((candidate) => sources.has(candidate));
    if (!target) continue;
    const names = statement.type === 'ExportAllDeclaration' ? ['*'] : statement.specifiers.map((s) =>
      s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : (s.imported ?? s.local).name);
    taken.push([target, names]);
  }
  return taken;
}

let neededExports;
/**
 * For each of antd's style modules, the names other modules still import once the style code is
 * gone: those antd's components import (a progress line's colour variable, a grid's hooks), and
 * those the other style modules' remaining code does, followed until nothing changes.
 */
function neededByOthers() {
  if (neededExports) return neededExports;
  const files = fs.readdirSync(antd(), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')).map((name) => path.join(antd(), name));
  const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const styled = files.filter((file) => STYLE_MODULE.content.test(sources.get(file)));
  const needed = new Map(styled.map((file) => [file, new Set(['default'])]));
  const take = (file, body) => {
    let grew = false;
    for (const [target, names] of importsOf(file, body, sources)) {
      const set = needed.get(target);
      if (!set) continue;
      for (const name of names) if (!set.has(name)) { set.add(name); grew = true; }
    }
    return grew;
  };
  // The other modules that may import one: antd's modules of styles without a generator call, and
  // those that name a style folder.
  const mayImport = (file) => /[\\/]style[\\/]/.test(file) || /from '\.[^']*style/.test(sources.get(file));
  for (const file of files) if (!needed.has(file) && mayImport(file)) take(file, parseModule(sources.get(file)).body);
  for (let grew = true; grew;) {
    grew = false;
    for (const file of styled) if (take(file, parseModule(stubbed(sources.get(file), file, needed.get(file))).body)) grew = true;
  }
  neededExports = needed;
  return needed;
}

/** The import path of lib/antd-zero-runtime.ts from a module. */
function stubPath(resourcePath) {
  const stub = path.relative(path.dirname(resourcePath), STUB).split(path.sep).join('/');
  return stub.startsWith('.') ? stub : `./${stub}`;
}

/** A REPLACED module with its statements replaced, and what then nothing uses taken out. */
function replaced(source, resourcePath, replacements) {
  const { body } = parseModule(source);
  const edits = replacements.map(([begins, by]) => {
    const found = body.filter((statement) => begins.test(source.slice(statement.start, statement.end)));
    if (found.length !== 1) throw new Error(`[antd-zero-runtime] ${resourcePath}: ${found.length} statements begin ${begins}`);
    return { ...found[0], text: by(stubPath(resourcePath)) };
  });
  let out = source;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return prune(out);
}

/** The module with its generator calls made to the stubs, pruned for the exports `needed`. */
function stubbed(source, resourcePath, needed) {
  const calls = generatorCalls(parseModule(source));
  if (calls.length === 0) return source;
  // A call inside another's arguments goes with the outer one.
  const outermost = calls.filter((call) => !calls.some((other) => other !== call && other.start <= call.start && call.end <= other.end));
  let out = source;
  for (const call of outermost.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, call.start)}__zero_${call.callee.name}()${out.slice(call.end)}`;
  }
  const names = GENERATORS.map((name) => `${name} as __zero_${name}`).join(', ');
  return prune(`import { ${names} } from '${stubPath(resourcePath)}';\n${out}`, needed);
}

/**
 * The module as the browser gets it: a REPLACED module with its replacements; another with its
 * generator calls made to the stubs, and what then only its style code used taken out.
 */
function zeroRuntime(source, resourcePath) {
  const file = path.resolve(resourcePath);
  const replacements = REPLACED[path.relative(antd(), file).split(path.sep).join('/')];
  if (replacements) return replaced(source, resourcePath, replacements);
  const needed = file.startsWith(antd() + path.sep) ? neededByOthers().get(file) : undefined;
  return stubbed(source, resourcePath, needed);
}

module.exports = function antdZeroRuntimeLoader(source) {
  return zeroRuntime(source, this.resourcePath);
};
Object.assign(module.exports, { REPLACED_MODULE, STYLE_MODULE, generatorCalls, prune, zeroRuntime });
