/**
 * Page weight against DESIGN.md section 7: the server HTML size and the first-load JS
 * (every script the page loads, gzip) of pages of a running server.
 *   node bench/page-weight.mjs [baseUrl] [user] [password]
 * Prints each page's figures and its ratio to the budget (under 1.00 is within budget).
 */
import { gzipSync } from 'node:zlib';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const user = process.argv[3] ?? 'admin';
const password = process.argv[4] ?? 'demo1234';
const KB = 1024;

const PAGES = [
  { path: '/login', auth: false, jsBudget: 170 * KB },
  { path: '/admin/index', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
  { path: '/admin/setting/system/user', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
  { path: '/renshe/renshe-first', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
  { path: '/admin/home/loan', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
  { path: '/admin/setting/resources/business-flow', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
  // A screen with a rich-text form: the editor is loaded when the form opens, never in the first load.
  { path: '/information/publish', auth: true, jsBudget: 250 * KB, htmlBudget: 100 * KB },
];

async function signIn() {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password }),
  });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if ((await response.json()).code !== 200) throw new Error('sign-in failed');
  return cookie;
}

async function weigh(page, cookie) {
  const response = await fetch(`${base}${page.path}`, { headers: page.auth ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  // Modern browsers skip the legacy polyfills (noModule), so they are not first-load JS.
  const scripts = [...html.matchAll(/<script([^>]+)>/g)]
    .filter((m) => !/noModule/i.test(m[1]))
    .map((m) => m[1].match(/src="([^"]+)"/)?.[1])
    .filter(Boolean);
  let js = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    js += gzipSync(body, { level: 9 }).length;
  }
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1].length, 0);
  return { status: response.status, html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, inlineCss, js, scripts: scripts.length };
}

const cookie = await signIn();
for (const page of PAGES) {
  const w = await weigh(page, cookie);
  const ratio = (value, budget) => (budget ? ` ratio ${(value / budget).toFixed(2)}` : '');
  console.log(`${page.path} (HTTP ${w.status})`);
  console.log(`  server HTML   ${(w.html / KB).toFixed(1)} KB (gzip ${(w.htmlGzip / KB).toFixed(1)} KB, inline CSS ${(w.inlineCss / KB).toFixed(1)} KB)${ratio(w.html, page.htmlBudget)}`);
  console.log(`  first-load JS ${(w.js / KB).toFixed(1)} KB gzip in ${w.scripts} scripts${ratio(w.js, page.jsBudget)}`);
}
