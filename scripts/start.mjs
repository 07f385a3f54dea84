import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, readStamp, sourceStamp } from './build-stamp.mjs';

// Build when there is no build yet or the sources changed since the last one.
const stamp = sourceStamp();
if (!existsSync('.next/BUILD_ID') || readStamp() !== stamp) {
  console.log('[start] building the application (first start or changed sources)...');
  await buildApp();
  writeFileSync('.next/source-stamp', stamp);
}

const port = process.env.PORT ?? '3000';
const child = spawn(process.execPath, [join('scripts', 'server.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
