/**
 * A build loader for antd's style modules (next.config.mjs). Their hooks generate CSS at run
 * time, which this product never does: every style comes from the sheets scripts/antd-css.tsx
 * writes, and antd runs with zeroRuntime. Each call of antd's three style generators
 * (`genStyleHooks`, `genComponentStyleHook`, `genSubStyleComponent`) is made a call of
 * lib/antd-zero-runtime.ts without arguments, which gives the same class names; the style
 * functions it passed are then referenced by nothing and left out of the bundle.
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
  return `import { ${names} } from '${stub.startsWith('.') ? stub : `./${stub}`}';\n${out}`;
}

module.exports = function antdZeroRuntimeLoader(source) {
  return zeroRuntime(source, this.resourcePath);
};
Object.assign(module.exports, { STYLE_MODULE, generatorCalls, zeroRuntime });
