/**
 * A build loader for antd's style modules (next.config.mjs). Their hooks generate CSS at run
 * time, which this product never does: every style comes from the sheets scripts/antd-css.tsx
 * writes, and antd runs with zeroRuntime. Each call of antd's three style generators
 * (`genStyleHooks`, `genComponentStyleHook`, `genSubStyleComponent`) is made a call of
 * lib/antd-zero-runtime.ts without arguments, which gives the same class names. What only the
 * style code used is then taken out of the module: its own helpers and the imports they named
 * (another component's colour code, antd's shared style helpers), so they are not bundled.
 */
const path = require('node:path');
const { parse } = require('acorn');

const GENERATORS = ['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'];
/** The modules the loader is for: antd's that call a generator (next.config.mjs's rule). */
const STYLE_MODULE = { path: /node_modules[\\/]antd[\\/]es[\\/]/, content: new RegExp(`\\b(${GENERATORS.join('|')})\\(`) };
const STUB = path.join(__dirname, '../lib/antd-zero-runtime.ts');

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

/**
 * The module without the top-level functions and constants nothing left refers to, and without
 * the imports only they used (antd's modules have no side effects: package.json's sideEffects).
 * What the module exports and every other statement stay.
 */
function prune(source) {
  const { body } = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const owner = new Map();
  const live = new Set();
  for (const statement of body) {
    const names = statement.type === 'ImportDeclaration' ? statement.specifiers.map((s) => s.local.name) : declaredNames(statement);
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
    }
  }
  return out;
}

/** The module with its generator calls made to the stubs. */
function zeroRuntime(source, resourcePath) {
  const calls = generatorCalls(parse(source, { ecmaVersion: 'latest', sourceType: 'module' }));
  if (calls.length === 0) return source;
  // A call inside another's arguments goes with the outer one.
  const outermost = calls.filter((call) => !calls.some((other) => other !== call && other.start <= call.start && call.end <= other.end));
  let out = source;
  for (const call of outermost.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, call.start)}__zero_${call.callee.name}()${out.slice(call.end)}`;
  }
  const stub = path.relative(path.dirname(resourcePath), STUB).split(path.sep).join('/');
  const names = GENERATORS.map((name) => `${name} as __zero_${name}`).join(', ');
  return prune(`import { ${names} } from '${stub.startsWith('.') ? stub : `./${stub}`}';\n${out}`);
}

module.exports = function antdZeroRuntimeLoader(source) {
  return zeroRuntime(source, this.resourcePath);
};
Object.assign(module.exports, { STYLE_MODULE, generatorCalls, prune, zeroRuntime });
