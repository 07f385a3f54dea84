/**
 * Lighthouse (the npm package, with Debian's chromium) on the sign-in page and on a
 * reviewer's workbench, desktop and mobile, against DESIGN.md's page targets (issue 17):
 * desktop performance and accessibility at least 95, mobile performance at least 90.
 *   node bench/lighthouse.mjs [baseUrl] [--user renshe] [--password demo1234] [--page /renshe/renshe-first] [--runs 1]
 * Start a production server first (npm run build, then scripts/server.mjs on a data directory
 * with the demo accounts). Prints each score (the median of the runs), the main timings and the
 * ratio target/score (at most 1.00 meets the target).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: 'string', default: 'renshe' },
    password: { type: 'string', default: 'demo1234' },
    page: { type: 'string', default: '/renshe/renshe-first' },
    runs: { type: 'string', default: '1' },
    chromium: { type: 'string', default: process.env.CHROMIUM ?? '/usr/bin/chromium' },
    'debug-port': { type: 'string', default: process.env.LIGHTHOUSE_PORT ?? '9229' },
  },
});
const base = positionals[0] ?? 'http://127.0.0.1:3000';
const runs = Number(values.runs);
const TARGETS = { desktop: { performance: 95, accessibility: 95 }, mobile: { performance: 90 } };

async function signIn() {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: values.user, password: values.password }),
  });
  if ((await response.clone().json()).code !== 200) throw new Error(`sign-in of ${values.user} failed`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Debian's chromium, headless, with the flags that keep it off the (closed) network. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const child = spawn(values.chromium, [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', `--user-data-dir=${profile}`,
    `--remote-debugging-port=${values['debug-port']}`, 'about:blank',
  ], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${values['debug-port']}/json/version`);
      return { stop: () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } rmSync(profile, { recursive: true, force: true }); } };
    } catch { await new Promise((resolve) => setTimeout(resolve, 100)); }
  }
  child.kill('SIGKILL');
  throw new Error(`chromium did not open its debugging port ${values['debug-port']}`);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function audit(url, formFactor, cookie) {
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  const flags = {
    port: Number(values['debug-port']), output: 'json', logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'], extraHeaders: cookie ? { Cookie: cookie } : undefined,
  };
  const scores = [];
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouse(url, flags, config);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const a = lhr.audits;
    scores.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: a['first-contentful-paint'].numericValue, lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue, cls: a['cumulative-layout-shift'].numericValue,
    });
  }
  const pick = (key) => median(scores.map((s) => s[key]));
  return { performance: pick('performance'), accessibility: pick('accessibility'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls') };
}

const cookie = await signIn();
const chromium = await startChromium();
let worst = 0;
try {
  for (const [name, path, session] of [['sign-in page', '/login', null], [`workbench as ${values.user}`, values.page, cookie]]) {
    for (const formFactor of ['desktop', 'mobile']) {
      const r = await audit(`${base}${path}`, formFactor, session);
      const targets = TARGETS[formFactor];
      const ratios = Object.entries(targets).map(([category, target]) => {
        const ratio = target / Math.max(r[category], 1);
        worst = Math.max(worst, ratio);
        return `${category} ${r[category]} (target ${target}, ratio ${ratio.toFixed(2)})`;
      });
      if (!targets.accessibility) ratios.push(`accessibility ${r.accessibility}`);
      console.log(`${path} (${name}), ${formFactor}: ${ratios.join(', ')}`);
      console.log(`  FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${(r.tbt / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}`);
    }
  }
} finally {
  chromium.stop();
}
console.log(`worst ratio ${worst.toFixed(2)} (median of ${runs} run${runs === 1 ? '' : 's'} each)`);
