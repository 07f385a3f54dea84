import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_USERS, closeButton, expectTabs, logOut, menuItem, openFromMenu, openPage, chooseUserMenuItem, resetLanguage, signInToShell,
  switchLanguage, tab, runTabAction, tabAction, tabBar, waitForShell,
} from './fixtures';
import { MENU_PAGES } from '@/lib/routes';

/**
 * The bank reviewer's four pages plus two pages every user has: enough tabs for every
 * close operation. The menu screens are not built yet; they open in the shell with their
 * title, which is all a tab needs.
 */
const PAGES = [
  { url: '/bank/bank-first', title: '银行初审' },
  { url: '/bank/bank-last', title: '银行复审' },
  { url: '/bank/bank-forward', title: '银行转账' },
  { url: '/bank/bank-statistics', title: '银行统计' },
] as const;
const PATH = (title: string) => new RegExp(`${PAGES.find((p) => p.title === title)!.url}$`);

/** Signs in as the bank reviewer and opens `count` of its pages, each in its own tab. */
async function bankWithTabs(page: Page, count = 4) {
  await signInToShell(page, 'bank');
  const opened = PAGES.slice(0, count);
  for (const { url, title } of opened) await openPage(page, url, title);
  await expectTabs(page, ['首页', ...opened.map((p) => p.title)], opened.at(-1)?.title ?? '首页');
}

test.describe('tab bar', () => {
  test('opening pages adds tabs titled from the menu; opening one again reuses its tab', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expectTabs(page, ['首页'], '首页');

    await openFromMenu(page, '银行审核', '银行初审');
    await expectTabs(page, ['首页', '银行初审'], '银行初审');
    await openFromMenu(page, '银行审核', '银行转账');
    await expectTabs(page, ['首页', '银行初审', '银行转账'], '银行转账');

    // Pages outside the menu get their titles too.
    await chooseUserMenuItem(page, DEMO_USERS.bank.nickname, '个人中心');
    await expect(page).toHaveURL(/\/account$/);
    await expectTabs(page, ['首页', '银行初审', '银行转账', '个人中心'], '个人中心');

    await openFromMenu(page, '银行审核', '银行初审');
    await expect(page).toHaveURL(/\/bank\/bank-first$/);
    await expectTabs(page, ['首页', '银行初审', '银行转账', '个人中心'], '银行初审');

    // A tab click shows its page.
    await tab(page, '银行转账').click();
    await expect(page).toHaveURL(/\/bank\/bank-forward$/);
    await expect(page.getByRole('main').getByText('银行转账', { exact: true }).first()).toBeVisible();
    await expectTabs(page, ['首页', '银行初审', '银行转账', '个人中心'], '银行转账');
  });

  test('the home tab has no close button; the others have one', async ({ page }) => {
    await bankWithTabs(page, 2);
    await expect(closeButton(page, '首页')).toHaveCount(0);
    await expect(closeButton(page, '银行初审')).toBeVisible();
    await expect(closeButton(page, '银行复审')).toBeVisible();
  });

  test('closing the active tab activates its right neighbour, or the left one when it was the last', async ({ page }) => {
    await bankWithTabs(page, 3);
    await tab(page, '银行复审').click();
    await expect(page).toHaveURL(PATH('银行复审'));

    await closeButton(page, '银行复审').click();
    await expectTabs(page, ['首页', '银行初审', '银行转账'], '银行转账');
    await expect(page).toHaveURL(PATH('银行转账'));
    await expect(page.getByRole('main').getByText('银行转账', { exact: true }).first()).toBeVisible();

    // The last tab: its left neighbour takes over.
    await closeButton(page, '银行转账').click();
    await expectTabs(page, ['首页', '银行初审'], '银行初审');
    await expect(page).toHaveURL(PATH('银行初审'));

    await closeButton(page, '银行初审').click();
    await expectTabs(page, ['首页'], '首页');
    await expect(page).toHaveURL(/\/admin\/index$/);
  });

  test('closing a tab that is not active keeps the current page', async ({ page }) => {
    await bankWithTabs(page, 3);
    await closeButton(page, '银行初审').click();
    await expectTabs(page, ['首页', '银行复审', '银行转账'], '银行转账');
    await expect(page).toHaveURL(PATH('银行转账'));
  });

  for (const via of ['context menu', 'button'] as const) {
    test(`close left, all, right and others via the ${via === 'button' ? '标签操作 button' : 'tab\'s context menu'}`, async ({ page }) => {
      await bankWithTabs(page);
      // Close left. The button acts on the active tab, the context menu on the tab clicked.
      await tab(page, '银行转账').click();
      await expect(page).toHaveURL(PATH('银行转账'));
      await runTabAction(page, via, '银行转账', '关闭左侧');
      await expectTabs(page, ['首页', '银行转账', '银行统计'], '银行转账');
      await expect(page).toHaveURL(PATH('银行转账'));

      // Close all: back to the entry page with only 首页 left.
      await runTabAction(page, via, '银行转账', '关闭全部');
      await expectTabs(page, ['首页'], '首页');
      await expect(page).toHaveURL(/\/admin\/index$/);
      await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.bank.nickname}` })).toBeVisible();

      // Close right.
      for (const { url, title } of PAGES) await openPage(page, url, title);
      await tab(page, '银行复审').click();
      await expect(page).toHaveURL(PATH('银行复审'));
      await runTabAction(page, via, '银行复审', '关闭右侧');
      await expectTabs(page, ['首页', '银行初审', '银行复审'], '银行复审');
      await expect(page).toHaveURL(PATH('银行复审'));

      // Close others. From the context menu of a tab that is not active: that tab is kept and shown.
      for (const { url, title } of PAGES.slice(2)) await openPage(page, url, title);
      await expectTabs(page, ['首页', ...PAGES.map((p) => p.title)], '银行统计');
      if (via === 'button') {
        await tab(page, '银行复审').click();
        await expect(page).toHaveURL(PATH('银行复审'));
      }
      await runTabAction(page, via, '银行复审', '关闭其他');
      await expectTabs(page, ['首页', '银行复审'], '银行复审');
      await expect(page).toHaveURL(PATH('银行复审'));
      await expect(page.getByRole('main').getByText('银行复审', { exact: true }).first()).toBeVisible();
    });
  }

  test('with only the home tab left nothing can be closed', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expectTabs(page, ['首页'], '首页');
    await expect(tabBar(page).locator('[data-tab-close]')).toHaveCount(0);
    for (const via of ['context menu', 'button'] as const) {
      await tabAction(page, via, '首页', '关闭');
      for (const action of ['关闭', '关闭左侧', '关闭右侧', '关闭其他', '关闭全部']) {
        await expect(menuItem(page, action), `${action} (${via})`).toBeDisabled();
      }
      await menuItem(page, '关闭全部').click({ force: true });
      await page.keyboard.press('Escape');
      await expect(menuItem(page, '关闭全部')).toBeHidden();
      await expectTabs(page, ['首页'], '首页');
    }
  });

  test('a tab keeps its own URL with the query', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/log?x=1', '前端日志');
    await openPage(page, '/bank/bank-first?pageNum=2', '银行初审');
    await expectTabs(page, ['首页', '前端日志', '银行初审'], '银行初审');

    await tab(page, '前端日志').click();
    await expect(page).toHaveURL(/\/log\?x=1$/);
    await tab(page, '银行初审').click();
    await expect(page).toHaveURL(/\/bank\/bank-first\?pageNum=2$/);
    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await tab(page, '前端日志').click();
    await expect(page).toHaveURL(/\/log\?x=1$/);
  });

  test('with fifteen tabs the home tab stays in view and the 全部标签页 menu lists every tab', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    const pages = [...MENU_PAGES].slice(0, 15);
    // Each page's tab is there (and kept) before the next address is opened.
    for (const [index, path] of pages.entries()) {
      await page.goto(path);
      await waitForShell(page);
      await expect(tabBar(page).getByRole('tab')).toHaveCount(index + 2);
    }
    const bar = (await tabBar(page).boundingBox())!;
    // Whole, at the bar's left edge, whatever the bar scrolled to (once the bar's scrolling has come to rest).
    await expect.poll(async () => {
      const home = (await tab(page, '首页').boundingBox())!;
      return home.x >= bar.x - 1 && home.x + home.width <= bar.x + bar.width && home.x - bar.x < 20;
    }, { message: 'the home tab stands whole at the bar\'s left edge' }).toBe(true);
    await page.getByRole('button', { name: '全部标签页' }).click();
    const items = page.getByRole('menu').last().getByRole('menuitem');
    await expect(items).toHaveCount(16);
    await items.first().click();
    await expect(page).toHaveURL(/\/admin\/index$/);
  });

  test('tabs are restored after a reload', async ({ page }) => {
    await bankWithTabs(page, 3);
    await tab(page, '银行复审').click();
    await expect(page).toHaveURL(PATH('银行复审'));
    await page.reload();
    await expectTabs(page, ['首页', '银行初审', '银行复审', '银行转账'], '银行复审');
    await expect(page.getByRole('main').getByText('银行复审', { exact: true }).first()).toBeVisible();
  });

  test('after a reload the server draws the tabs at once, from this browser (no script needed)', async ({ page, browser }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/log', '前端日志');
    await openPage(page, '/bank/bank-first', '银行初审');
    const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto('/bank/bank-first');
    await expect(bare.getByRole('tablist').first().getByRole('tab')).toHaveText(['首页', '前端日志', '银行初审']);
    await context.close();
  });

  test('tabs come back after logging out and in again, but not for another user', async ({ page }) => {
    await signInToShell(page, 'bank');
    // Pages every user may open, so the other user's empty bar is not just a matter of grants.
    await openPage(page, '/log', '前端日志');
    await openPage(page, '/account', '个人中心');
    await openPage(page, '/bank/bank-last', '银行复审');
    await logOut(page, DEMO_USERS.bank.nickname);

    await signInToShell(page, 'renshe');
    await expectTabs(page, ['首页'], '首页');
    await logOut(page, DEMO_USERS.renshe.nickname);

    await signInToShell(page, 'bank');
    await expectTabs(page, ['首页', '前端日志', '个人中心', '银行复审'], '首页');
    await tab(page, '个人中心').click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test.describe('in English', () => {
    // Restores the bank reviewer's stored language even when the test fails or times out.
    test.afterEach(async () => { await resetLanguage('bank'); });

    test('tab titles follow the language switch', async ({ page }) => {
      await signInToShell(page, 'bank');
      await openPage(page, '/bank/bank-first', '银行初审');
      await openPage(page, '/log', '前端日志');
      await expectTabs(page, ['首页', '银行初审', '前端日志'], '前端日志');

      await switchLanguage(page, '简体中文', 'English');
      await expectTabs(page, ['Home', 'Bank first review', 'Front-end log'], 'Front-end log');
      await expect(page.getByRole('navigation', { name: 'Open pages' }).getByRole('button', { name: 'Tab actions' })).toBeVisible();

      await switchLanguage(page, 'English', '简体中文');
      await expectTabs(page, ['首页', '银行初审', '前端日志'], '前端日志');
    });
  });
});
