/**
 * Page weight against DESIGN.md section 7: the server HTML size, the first-load JS (every
 * script the page loads, gzip) and the render-blocking CSS (every stylesheet the page links,
 * gzip and raw) of pages of a running server, each page seen by the user it is meant for.
 *   node bench/page-weight.mjs [baseUrl] [password] [--drawn]
 * Prints each page's figures and its ratio to the budget (at most 1.00 is within budget),
 * then the worst ratio of each kind. With --drawn it also opens each signed-in page in
 * Debian's headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium-headless-shell) and prints
 * the JS it has downloaded once its screen is drawn (what a screen drawn only in the browser
 * loads after the first load included): for reading, not a budget.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const drawn = process.argv.includes('--drawn');
const [base = 'http://127.0.0.1:3000', password = 'demo1234'] = process.argv.slice(2).filter((arg) => arg !== '--drawn');
const KB = 1024;
const LOGIN = 170 * KB;
const TABLE = 250 * KB;
const HTML = 100 * KB;

/** One page of each kind: the login and registration, a reviewer's workbench, a plain resource, a tree, statistics, flow configuration. */
const PAGES = [
  { kind: 'login', path: '/login', user: null, jsBudget: LOGIN },
  { kind: 'registration (login budget)', path: '/register', user: null, jsBudget: LOGIN },
  { kind: 'home', path: '/admin/index', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'workbench (reviewer)', path: '/renshe/renshe-first', user: 'renshe', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'workbench (admin)', path: '/bank/bank-first', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'plain resource', path: '/admin/setting/system/user', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'tree', path: '/admin/setting/system/organiza', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'statistics', path: '/admin/setting/statistics/apply', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'flow configuration', path: '/admin/setting/resources/business-flow', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'loan query', path: '/admin/home/loan', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  { kind: 'overtime rules', path: '/admin/setting/business/overtime', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
  // A screen with a rich-text form: the editor is loaded when the form opens, never in the first load.
  { kind: 'rich-text resource', path: '/information/publish', user: 'admin', jsBudget: TABLE, htmlBudget: HTML },
];

async function signIn(username) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if ((await response.json()).code !== 200) throw new Error(`sign-in of ${username} failed`);
  return cookie;
}

const assets = new Map();
async function asset(src) {
  if (!assets.has(src)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    assets.set(src, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return assets.get(src);
}

async function weigh(page, cookie) {
  const response = await fetch(`${base}${page.path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  // Modern browsers skip the legacy polyfills (noModule), so they are not first-load JS.
  const scripts = [...new Set([...html.matchAll(/<script([^>]+)>/g)]
    .filter((m) => !/noModule/i.test(m[1]))
    .map((m) => m[1].match(/src="([^"]+)"/)?.[1])
    .filter(Boolean))];
  // Render-blocking CSS: the stylesheets the page links (Next links a route's CSS chunks in the head).
  const sheets = [...new Set([...html.matchAll(/<link([^>]+)>/g)]
    .filter((m) => /rel="stylesheet"/.test(m[1]))
    .map((m) => m[1].match(/href="([^"]+)"/)?.[1])
    .filter(Boolean))];
  let js = 0;
  for (const src of scripts) js += (await asset(src)).gzip;
  let css = 0;
  let cssRaw = 0;
  for (const href of sheets) {
    const sheet = await asset(href);
    css += sheet.gzip;
    cssRaw += sheet.raw;
  }
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1].length, 0);
  return { status: response.status, html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, inlineCss, js, scripts: scripts.length, css, cssRaw, sheets: sheets.length };
}

/**
 * The JS a signed-in page has downloaded once its screen is drawn (its card no longer loading)
 * and the network has stayed idle, gzip: the first load and what the page loaded after it (a
 * part drawn late, such as a folded date field's picker, may start after a first idle moment).
 */
async function drawnJs(browser, page, cookie) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: base };
  }));
  const tab = await context.newPage();
  const scripts = new Set();
  tab.on('response', (response) => { if (response.request().resourceType() === 'script') scripts.add(response.url()); });
  await tab.goto(`${base}${page.path}`);
  await tab.locator('main .ant-card').first().waitFor();
  await tab.waitForFunction(() => !document.querySelector('main .ant-card-loading'));
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(2000);
  await tab.waitForLoadState('networkidle');
  await context.close();
  let js = 0;
  for (const src of scripts) js += (await asset(src)).gzip;
  return { js, scripts: scripts.size };
}

const browser = drawn
  ? await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] })
  : null;
const cookies = new Map();
const worst = { js: 0, html: 0 };
const kb = (n) => (n / KB).toFixed(1);
for (const page of PAGES) {
  if (page.user && !cookies.has(page.user)) cookies.set(page.user, await signIn(page.user));
  const w = await weigh(page, page.user ? cookies.get(page.user) : null);
  if (w.status !== 200) throw new Error(`${page.path} answered HTTP ${w.status} to ${page.user ?? 'a visitor'}`);
  const ratio = (value, budget) => {
    if (!budget) return '';
    return ` ratio ${(value / budget).toFixed(2)}`;
  };
  worst.js = Math.max(worst.js, w.js / page.jsBudget);
  if (page.htmlBudget) worst.html = Math.max(worst.html, w.html / page.htmlBudget);
  console.log(`${page.path}: ${page.kind}, as ${page.user ?? 'a visitor'}`);
  console.log(`  server HTML     ${kb(w.html)} KB (gzip ${kb(w.htmlGzip)} KB, inline CSS ${kb(w.inlineCss)} KB)${ratio(w.html, page.htmlBudget)}`);
  console.log(`  first-load JS   ${kb(w.js)} KB gzip in ${w.scripts} scripts${ratio(w.js, page.jsBudget)}`);
  console.log(`  blocking CSS    ${kb(w.css)} KB gzip (${kb(w.cssRaw)} KB raw) in ${w.sheets} stylesheets`);
  if (browser && page.user) {
    const d = await drawnJs(browser, page, cookies.get(page.user));
    console.log(`  JS once drawn   ${kb(d.js)} KB gzip in ${d.scripts} scripts`);
  }
}
await browser?.close();
console.log(`worst ratio: first-load JS ${worst.js.toFixed(2)}, server HTML ${worst.html.toFixed(2)}`);
