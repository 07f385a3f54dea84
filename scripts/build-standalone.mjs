import './require-node.mjs';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { buildApp, readStamp, sourceStamp } from './build-stamp.mjs';

/**
 * `npm run build:standalone [-- --out DIR]`: the folder the container runs, and nothing else
 * (the Dockerfile copies exactly this folder). It holds Next's standalone output (the server
 * code and only the packages it uses), the static assets, the production server
 * (scripts/server.mjs) with the backup and restore scripts, and the platform service on its
 * own bundled into upstream/server.mjs (and `npm run seed:demo` into upstream/seed-demo.mjs).
 * `node scripts/server.mjs` serves the product, `node upstream/server.mjs` the service alone;
 * neither needs the repository or its node_modules.
 */
const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist/standalone' } } });
const out = resolve(values.out);
const started = Date.now();

const stamp = sourceStamp();
if (!existsSync('.next/BUILD_ID') || readStamp() !== stamp || !existsSync('.next/standalone')) {
  await buildApp();
  writeFileSync('.next/source-stamp', stamp);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync('.next/standalone', out, { recursive: true });
rmSync(join(out, 'server.js'), { force: true }); // Next's own server: ours (scripts/server.mjs) guards forwarded headers and stops gracefully
cpSync('.next/static', join(out, '.next', 'static'), { recursive: true });
if (existsSync('public')) cpSync('public', join(out, 'public'), { recursive: true });
for (const file of ['server.mjs', 'client-error.mjs', 'backup.mjs', 'restore.mjs', 'data-dir.mjs']) cpSync(join('scripts', file), join(out, 'scripts', file));
cpSync(join('lib', 'http', 'graceful.mjs'), join(out, 'lib', 'http', 'graceful.mjs'));
cpSync('messages', join(out, 'messages'), { recursive: true }); // the production server's own refusals (scripts/client-error.mjs)

// The service on its own: one ES module; PGlite (WebAssembly and data files), pg and pino
// (worker threads) stay packages, and Next's trace above already put them in node_modules.
await build({
  entryPoints: { server: 'upstream/server.ts', 'seed-demo': 'upstream/seed-demo.ts', migrate: 'upstream/migrate.ts' },
  outdir: join(out, 'upstream'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', 'pg', 'pg-native', 'pino'],
  banner: { js: "import { createRequire as __lboRequire } from 'node:module'; const require = __lboRequire(import.meta.url);" },
  logLevel: 'warning',
});

function size(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((total, name) => total + size(join(path, name)), 0);
}
console.log(`[standalone] ${out}: ${(size(out) / 1024 / 1024).toFixed(0)} MB in ${((Date.now() - started) / 1000).toFixed(0)} s`);
