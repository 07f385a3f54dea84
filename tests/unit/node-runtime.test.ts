import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const wanted = readFileSync('.nvmrc', 'utf8').trim();
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

/** Runs a script of `npm start` / `npm run build` / ... as if on the given Node.js version. */
function runAs(version: string, script: string) {
  const pretend = `Object.defineProperty(process, 'version', { value: '${version}' });`;
  return spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, script], { encoding: 'utf8', timeout: 20_000 });
}

describe('Node.js 24 LTS is the runtime', () => {
  it('is what .nvmrc, engines and the test run name', () => {
    expect(wanted).toMatch(/^24\.\d+\.\d+$/);
    expect(packageJson.engines.node).toBe('>=24.11');
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it.each(['scripts/start.mjs', 'scripts/build.mjs', 'scripts/build-standalone.mjs', 'scripts/test.mjs'])(
    '%s stops at once on Node 20, naming the version needed and how to get it',
    (script) => {
      const { status, stdout, stderr } = runAs('v20.20.2', script);
      expect(status).toBe(1);
      expect(stdout).toBe(''); // nothing built, installed or started
      expect(stderr).toContain(`needs Node.js 24 LTS (${wanted}); this is Node.js v20.20.2`);
      expect(stderr).toContain('export PATH="$(sh scripts/node24.sh):$PATH"');
    },
  );
});
