import { expect, test, type Page } from '@playwright/test';
import { consoleErrors, expectTabs, openPage, resetLanguage, shoot, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * Screenshots of the shell for a person to look at (with SCREENSHOTS=1, .test-data/screenshots/*.png). The
 * tests only check that the pages logged no console errors apart from failed resource loads.
 */

/** Console errors other than failed resource loads (the browser's own 'Failed to load resource' lines). */
const realErrors = (errors: string[]) => errors.filter((e) => !/^Failed to load resource/i.test(e));

/** Switches to English without a reload: the pages opened afterwards must be styled as after one. */
async function toEnglish(page: Page) {
  await switchLanguage(page, '简体中文', 'English');
  await waitForShell(page);
}

test.describe('screenshots', () => {
  test.afterEach(async () => {
    await resetLanguage('admin');
    await resetLanguage('bank');
  });

  test('admin at 1366 × 768, in Chinese and in English', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const errors = consoleErrors(page);
    await signInToShell(page, 'admin');
    await openPage(page, '/bank/bank-first', '银行初审');
    await openPage(page, '/log', '前端日志');
    await openPage(page, '/admin/index', '首页');
    await expectTabs(page, ['首页', '银行初审', '前端日志'], '首页');
    await shoot(page, 'admin-1366-zh-home');
    await openPage(page, '/bank/bank-first', '银行初审');
    await shoot(page, 'admin-1366-zh-page');

    await toEnglish(page);
    await expectTabs(page, ['Home', 'Bank first review', 'Front-end log'], 'Bank first review');
    await shoot(page, 'admin-1366-en-page');
    await page.getByRole('tab', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('main').getByText('Pages you use most', { exact: true })).toBeVisible();
    await shoot(page, 'admin-1366-en-home');

    expect(realErrors(errors)).toEqual([]);
  });

  test('bank reviewer at 375 × 740, in Chinese and in English', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const errors = consoleErrors(page);
    await signInToShell(page, 'bank');
    await shoot(page, 'bank-375-zh-home');
    await openPage(page, '/bank/bank-first', '银行初审');
    await openPage(page, '/bank/bank-last', '银行复审');
    await shoot(page, 'bank-375-zh-page');
    const menuEntry = page.getByRole('dialog').getByRole('menuitem', { name: /(银行审核|Bank review)$/ });
    await page.getByRole('banner').getByRole('button', { name: '打开菜单' }).click();
    await expect(menuEntry).toBeVisible();
    await shoot(page, 'bank-375-zh-menu');
    await page.keyboard.press('Escape');
    await expect(menuEntry).toBeHidden();

    await toEnglish(page);
    await expectTabs(page, ['Home', 'Bank first review', 'Bank second review'], 'Bank second review');
    await shoot(page, 'bank-375-en-page');
    // The home tab is scrolled out of the narrow bar: go there by its address.
    await openPage(page, '/admin/index', 'Home');
    await expect(page.getByRole('main').getByText('Pages you use most', { exact: true })).toBeVisible();
    await shoot(page, 'bank-375-en-home');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await expect(menuEntry).toBeVisible();
    await shoot(page, 'bank-375-en-menu');

    expect(realErrors(errors)).toEqual([]);
  });
});
