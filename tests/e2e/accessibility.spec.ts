import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { MENU_PAGES } from '@/lib/routes';
import { isMissingText, resetLanguage, SERVER_DIR, SERVER_INDEX, settle, shoot, signInToShell, switchLanguage, tableOverflows, waitForShell } from './fixtures';

/**
 * Every real screen in Chinese checked with axe-core (WCAG 2.1 A and AA, and heading order): no critical, no
 * serious and no moderate violations. In English axe checks one screen of each kind (its rules judge roles, names,
 * structure and colours, which the language does not change; a name missing in English would
 * show as a missing text). On every screen in both languages, at 1440 px, every table's default
 * columns fit and its headers read whole, and no page lacks a text it shows. Each role signs in once; its pages
 * open one after another in one tab from the saved storage state (the tab's cache keeps the scripts
 * and styles: half the time of a new browser context per page), each finding reported with its page.
 * With SCREENSHOTS=1 every page is also saved at 1440 and 375 px
 * (.test-data/screenshots/a11y-*.png) for a person to look at.
 */
const SESSION_PAGES = ['/admin/index', '/log', '/account', '/account/password', '/i18n', '/api-docs'];
const ADMIN_PAGES = [...SESSION_PAGES, ...MENU_PAGES];
const PUBLIC_PAGES = ['/login', '/register'];
/** One screen of each kind (shell, form, workbench, statistics, query, flow, calendar, tree, resource, report, content). */
const AXE_IN_ENGLISH = new Set(['/admin/index', '/account', '/account/password', '/renshe/renshe-first', '/guarantee/guarantee-statistics',
  '/admin/home/loan', '/admin/setting/resources/business-flow', '/admin/setting/business/calendar', '/admin/setting/system/organiza',
  '/admin/setting/system/user', '/system/menu', '/admin/setting/report', '/information/publish', '/admin/no-such-page', ...PUBLIC_PAGES]);

type Language = 'zh' | 'en';

/** What axe finds that fails a page: critical, serious and moderate violations (a skipped heading level is moderate). */
const FAILING = new Set(['critical', 'serious', 'moderate']);

/** The page's critical, serious and moderate violations, one line each (rule, impact, the first elements). */
async function violations(page: Page): Promise<string[]> {
  // WCAG 2.1 A and AA, and the outline's order (axe files it under best practice): headings skip no level.
  const result = await new AxeBuilder({ page }).options({ rules: { 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '_') || 'root';
const stateFile = (username: string, language: Language) => join(process.cwd(), '.test-data', `a11y-${username}-${language}-${SERVER_INDEX}.json`);

/** Signs the user in once, in the language asked for (switched through the header), and keeps the storage state. */
async function saveSignedIn(browser: Browser, username: string, language: Language) {
  // Kept for the whole run: a worker that starts again after a failure reuses it (the server's
  // data folder is made when it starts, so an older file belongs to an earlier server).
  const file = stateFile(username, language);
  if (existsSync(file) && statSync(file).mtimeMs > statSync(SERVER_DIR).ctimeMs) return;
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await signInToShell(page, username);
  if (language === 'en') {
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
  }
  await context.storageState({ path: stateFile(username, language) });
  await context.close();
}

/** What the page keeps in the browser (tabs, page use, table settings) as it was just after signing in. */
function savedLocalStorage(file: string | undefined): [string, string][] {
  if (!file) return [];
  const state = JSON.parse(readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  return state.origins.flatMap((origin) => origin.localStorage.map(({ name, value }): [string, string] => [name, value]));
}

/**
 * Opens each page in turn, lets it settle and finds what axe finds critical, serious or moderate (see above),
 * tables that do not fit and texts the page was not given; every finding is reported with its page.
 * Before the next page the browser's storage goes back to its signed-in state, so no page sees the
 * tabs the pages before it opened.
 */
async function expectClean(page: Page, paths: readonly string[], language: Language, stateFile?: string) {
  test.setTimeout(paths.length * 30_000);
  const saved = savedLocalStorage(stateFile);
  for (const path of paths) {
    const missing: string[] = [];
    const onConsole = (message: ConsoleMessage) => { if (isMissingText(message)) missing.push(message.text()); };
    page.on('console', onConsole);
    await page.goto(path);
    await expect.soft(page.locator('main, form').first(), path).toBeVisible();
    await settle(page);
    const found = language === 'zh' || AXE_IN_ENGLISH.has(path) ? await violations(page) : [];
    const cut = await tableOverflows(page);
    await shoot(page, `a11y-${language}-${slug(path)}`, { widths: [1440, 375] });
    page.off('console', onConsole);
    expect.soft(found, `${language} ${path}`).toEqual([]);
    expect.soft(cut, `${language} ${path}: tables wider than the page or headers cut`).toEqual([]);
    expect.soft(missing, `${language} ${path}: texts the page was not given`).toEqual([]);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, saved);
    // The tabs the server draws come from a cookie: it goes too.
    await page.context().clearCookies({ name: 'lbo-tabs' });
  }
}

for (const language of ['zh', 'en'] as const) {
  test.describe(`accessibility in ${language === 'zh' ? 'Chinese' : 'English'} (axe-core)`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(300_000);
      if (language === 'zh') { await resetLanguage('admin'); await resetLanguage('renshe'); }
      await saveSignedIn(browser, 'admin', language);
      await saveSignedIn(browser, 'renshe', language);
    });
    if (language === 'en') test.afterAll(async () => { await resetLanguage('admin'); await resetLanguage('renshe'); });

    test.describe('signed out', () => {
      test.use({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });
      test('the sign-in and registration pages', async ({ page }) => { await expectClean(page, PUBLIC_PAGES, language); });
    });

    test.describe('administrator', () => {
      test.use({ storageState: stateFile('admin', language) });
      test('every screen, and a bad address (the 404 page)', async ({ page }) => {
        await expectClean(page, [...ADMIN_PAGES, '/admin/no-such-page'], language, stateFile('admin', language));
      });
    });

    test.describe('reviewer', () => {
      test.use({ storageState: stateFile('renshe', language) });
      test('the home page and the workbench, with rows they act on', async ({ page }) => {
        await expectClean(page, ['/admin/index', '/renshe/renshe-first'], language, stateFile('renshe', language));
      });
    });
  });
}
