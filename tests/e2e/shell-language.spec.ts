import { expect, test } from '@playwright/test';
import { DEMO_USERS, consoleErrors, expectTabs, menuItem, openPage, openUserMenu, resetLanguage, sideMenuEntries, sideMenuItem, signInToShell, switchLanguage, tab, withBadges } from './fixtures';

test.describe('the shell in English', () => {
  // Restores the bank reviewer's stored language even when a test fails or times out.
  test.afterEach(async () => { await resetLanguage('bank'); });

  test('menu, header, tabs and user menu follow the language switch', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/bank/bank-statistics', '银行统计');
    await switchLanguage(page, '简体中文', 'English');

    await expect(sideMenuEntries(page)).toHaveText(withBadges(['Bank review', 'Bank first review', 'Bank second review', 'Bank transfer', 'Bank statistics', 'After the loan']));
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Collapse menu' })).toBeVisible();
    await expectTabs(page, ['Home', 'Bank statistics'], 'Bank statistics');
    await expect(page.getByRole('main').locator('.ant-card-head-title').first()).toHaveText('Bank statistics');

    await openUserMenu(page, DEMO_USERS.bank.nickname);
    for (const item of ['My home', 'Settings', 'Change password', 'Log out']) await expect(menuItem(page, item)).toBeVisible();
  });

  // A language switch renders the root layout again (router.refresh()) with a new nonce, but
  // the page's Content-Security-Policy is the one sent with the document: styles antd inserts
  // afterwards must keep the document's nonce (components/providers/style-nonce.ts).
  test('switching the language and then opening pages logs no CSP errors', async ({ page }) => {
    const errors = consoleErrors(page);
    await signInToShell(page, 'bank');
    await openPage(page, '/bank/bank-statistics', '银行统计');
    await openPage(page, '/log', '前端日志');
    await switchLanguage(page, '简体中文', 'English');
    await tab(page, 'Bank statistics').click();
    await expect(page.getByRole('main').locator('.ant-card-head-title').first()).toHaveText('Bank statistics');
    await tab(page, 'Front-end log').click();
    await expect(page.getByRole('main').locator('.ant-card-head-title', { hasText: /^Front-end log$/ })).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
  });

  test('an English workbench at 1440 px: the search buttons sit on the line of the inputs, the menu titles read whole', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    try {
      await switchLanguage(page, '简体中文', 'English');
      await openPage(page, '/guarantee/guarantee-last', 'Guarantee second review');
      const form = page.getByRole('main').locator('form').first();
      const boxes = await Promise.all([/Search$/, /Reset$/, /Expand/].map((name) => form.getByRole('button', { name }).boundingBox()));
      const input = await form.getByRole('textbox').first().boundingBox();
      for (const box of boxes) expect(Math.abs(box!.y + box!.height - (input!.y + input!.height))).toBeLessThanOrEqual(8);
      // ...beside the inputs, never over them.
      const rightmost = Math.max(...await form.locator('.ant-form-item-control-input').filter({ hasNot: page.getByRole('button') })
        .evaluateAll((inputs) => inputs.filter((el) => (el as HTMLElement).offsetParent).map((el) => el.getBoundingClientRect().right)));
      expect(rightmost).toBeLessThanOrEqual(boxes[0]!.x);
      // Every side-menu title shows whole beside its badge (none ends in an ellipsis).
      const cut = await page.locator('.ant-layout-sider .ant-menu-title-content').evaluateAll((titles) => titles
        .flatMap((title) => [title, ...title.querySelectorAll<HTMLElement>('span')])
        .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      expect(cut).toEqual([]);
      await expect(sideMenuItem(page, 'Guarantee second review')).toBeVisible();
    } finally {
      await resetLanguage('admin');
    }
  });
});
