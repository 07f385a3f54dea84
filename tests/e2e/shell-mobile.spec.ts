import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, consoleErrors, expectTabs, holdLaterScripts, menuItem, openFromMenu, openPage, partsHydrated, sider, signInToShell, tab, closeButton, waitForShell } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: '打开菜单' });
/** The menu drawer: the only dialog holding the menu. */
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('menu') });

/** Whether the page scrolls sideways (wider than the window). */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('phone (375 × 740)', () => {
  test('no side menu: the header\'s menu button opens a drawer whose entries navigate and close it', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(menuButton(page)).toBeVisible();
    await expect(sider(page)).toHaveCount(0);
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await expect(drawer(page)).toHaveCount(0);

    await expect(async () => {
      if (!(await drawer(page).isVisible())) await menuButton(page).click({ timeout: 2_000 });
      await expect(drawer(page)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(menuItem(drawer(page), '银行审核')).toBeVisible();

    await openFromMenu(page, '银行审核', '银行转账', drawer(page));
    await expect(page).toHaveURL(/\/bank\/bank-forward$/);
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByRole('main').getByText('银行转账', { exact: true }).first()).toBeVisible();
    await expectTabs(page, ['首页', '银行转账'], '银行转账');
  });

  test('a tap on the menu button before the header\'s code came opens the drawer once it has', async ({ page }) => {
    await signInToShell(page, 'bank');
    const url = '/bank/bank-first';
    const held = await holdLaterScripts(page, url, 1000);
    await page.goto(url, { waitUntil: 'commit' });
    // The page's own scripts run (its content hydrates) while the header is still the server's
    // markup: React drops the tap, the shell makes it again once the header has hydrated.
    await expect.poll(() => page.evaluate(partsHydrated, '#main-content')).toBe(true);
    expect(await page.evaluate(partsHydrated, '.ant-layout-header button')).toBe(false);
    await menuButton(page).locator('svg').click();
    await expect(drawer(page)).toBeVisible();
    expect(held()).toBeGreaterThan(0);
    await expect(menuItem(drawer(page), '银行审核')).toBeVisible();
  });

  test('the header fits and the search box gives way', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(page.getByRole('button', { name: DEMO_USERS.bank.nickname, exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '搜索菜单' })).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a reload is rendered for the phone at once and hydrates without errors', async ({ page }) => {
    const errors = consoleErrors(page);
    await signInToShell(page, 'bank');
    await page.reload();
    await waitForShell(page);
    await expect(menuButton(page)).toBeVisible();
    await expect(sider(page)).toHaveCount(0);
    expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
  });

  test('the tab bar scrolls instead of widening the page', async ({ page }) => {
    await signInToShell(page, 'bank');
    const pages = [
      ['/bank/bank-first', '银行初审'], ['/bank/bank-last', '银行复审'], ['/bank/bank-forward', '银行转账'],
      ['/bank/bank-statistics', '银行统计'], ['/log', '前端日志'],
    ] as const;
    for (const [url, title] of pages) await openPage(page, url, title);
    await expectTabs(page, ['首页', ...pages.map(([, title]) => title)], '前端日志');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The tabs stay in one row: every tab sits at the same height.
    const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    // The active tab is scrolled into view and the bar still works.
    await expect(tab(page, '前端日志')).toBeInViewport();
    await closeButton(page, '前端日志').click();
    await expect(page).toHaveURL(/\/bank\/bank-statistics$/);
    await expectTabs(page, ['首页', '银行初审', '银行复审', '银行转账', '银行统计'], '银行统计');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('phone, before the scripts have run', () => {
  // The server renders the shell for the device class the browser last reported (a cookie);
  // on a first visit, without one, it renders for a desktop and CSS media queries hide the
  // side menu and the wide parts of the header. Either way the first paint is the phone's.
  for (const hint of ['with', 'without'] as const) {
    test(`the first paint on a phone has no side menu and no sideways scrolling, ${hint} a device hint`, async ({ page, browser }) => {
      await signInToShell(page, 'bank');
      const state = await page.context().storageState();
      expect(state.cookies.find((cookie) => cookie.name === 'device')?.value).toBe('mobile');
      if (hint === 'without') state.cookies = state.cookies.filter((cookie) => cookie.name !== 'device');
      const withoutScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, storageState: state });
      try {
        const phone = await withoutScripts.newPage();
        await phone.goto('/bank/bank-first');
        await expect(phone.getByRole('main').getByText('银行初审', { exact: true }).first()).toBeVisible();
        await expect(sider(phone)).toBeHidden();
        await expect(phone.getByRole('combobox', { name: '搜索菜单' })).toBeHidden();
        expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      } finally {
        await withoutScripts.close();
      }
    });
  }
});
