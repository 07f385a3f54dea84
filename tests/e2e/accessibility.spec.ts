import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MENU_PAGES } from '@/lib/routes';
import { resetLanguage, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * Every real screen, in Chinese and in English, checked with axe-core (WCAG 2.1 A and AA):
 * no critical and no serious violations. Each role signs in once; its pages open from the
 * saved storage state. With SCREENSHOTS=1 every page is also saved at 1440 and 375 px
 * (.test-data/screenshots/a11y-*.png) for a person to look at.
 */
const SESSION_PAGES = ['/admin/index', '/log', '/account', '/account/password', '/i18n', '/api-docs'];
const ADMIN_PAGES = [...SESSION_PAGES, ...MENU_PAGES];
const PUBLIC_PAGES = ['/login', '/register'];
const SHOTS = process.env.SCREENSHOTS === '1';
const SHOT_DIR = join(process.cwd(), '.test-data', 'screenshots');

type Language = 'zh' | 'en';
type Finding = { page: string; rule: string; impact: string; nodes: string[] };

/** Waits until the page's own calls have answered (no spinner or skeleton left). */
async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
}

async function check(page: Page, path: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ page: path, rule: v.id, impact: v.impact!, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  const file = (width: number) => join(SHOT_DIR, `a11y-${name}-${width}.png`);
  await page.screenshot({ path: file(1440) });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: file(375) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(200);
}

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '_') || 'root';

/** A context signed in as the user, in the language asked for (switched once, through the header). */
async function signedIn(browser: Browser, username: string, language: Language) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', locale: 'zh-CN' });
  const page = await context.newPage();
  await signInToShell(page, username);
  if (language === 'en') {
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
  }
  return { context, page };
}

async function visitAll(page: Page, paths: readonly string[], language: Language): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main, form').first()).toBeVisible();
    await settle(page);
    findings.push(...(await check(page, path)));
    await shoot(page, `${language}-${slug(path)}`);
  }
  return findings;
}

const summary = (findings: Finding[]) => findings.map((f) => `${f.page}: ${f.impact} ${f.rule} (${f.nodes.join(' | ')})`);

test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ timeout: 600_000 });
  test.afterAll(async () => { await resetLanguage('admin'); await resetLanguage('renshe'); });

  for (const language of ['zh', 'en'] as const) {
    test(`every screen in ${language === 'zh' ? 'Chinese' : 'English'}: no critical or serious violations`, async ({ browser }) => {
      const findings: Finding[] = [];
      // The sign-in pages, signed out.
      const outside = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language === 'zh' ? 'zh-CN' : 'en-US' });
      findings.push(...(await visitAll(await outside.newPage(), PUBLIC_PAGES, language)));
      await outside.close();

      const admin = await signedIn(browser, 'admin', language);
      findings.push(...(await visitAll(admin.page, ADMIN_PAGES, language)));
      // A bad address: the 404 page inside the shell.
      findings.push(...(await visitAll(admin.page, ['/admin/no-such-page'], language)));
      await admin.context.close();

      // A reviewer's own workbench (rows they can act on).
      const reviewer = await signedIn(browser, 'renshe', language);
      findings.push(...(await visitAll(reviewer.page, ['/admin/index', '/renshe/renshe-first'], language)));
      await reviewer.context.close();

      expect(summary(findings)).toEqual([]);
    });
  }
});
