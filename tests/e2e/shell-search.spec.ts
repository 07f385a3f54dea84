import { expect, test, type Page } from '@playwright/test';
import { expectTabs, resetLanguage, signInToShell, switchLanguage } from './fixtures';

/** The header's search box (an autocomplete; its entries show the menu trail). */
const searchBox = (page: Page, name: '搜索菜单' | 'Search menu' = '搜索菜单') => page.getByRole('banner').getByRole('combobox', { name });

/** An entry of the search box's list, by the trail it shows. */
const suggestion = (page: Page, trail: string) => page.getByText(trail, { exact: true });

test.describe('header search', () => {
  test('finds a page by its Chinese title and opens it with the keyboard', async ({ page }) => {
    await signInToShell(page, 'admin');
    await searchBox(page).fill('银行初审');
    await expect(suggestion(page, '银行审核 / 银行初审')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bank\/bank-first$/);
    await expectTabs(page, ['首页', '银行初审'], '银行初审');
    await expect(page.getByRole('main').getByText('银行初审', { exact: true }).first()).toBeVisible();
    // The box is emptied for the next search.
    await expect(searchBox(page)).toHaveValue('');
  });

  test('finds a page by its English title while the page is in Chinese', async ({ page }) => {
    await signInToShell(page, 'bank');
    await searchBox(page).fill('bank first');
    await expect(suggestion(page, '银行审核 / 银行初审')).toBeVisible();
    await suggestion(page, '银行审核 / 银行初审').click();
    await expect(page).toHaveURL(/\/bank\/bank-first$/);
  });

  test.describe('in English', () => {
    // Restores the admin's stored language even when the test fails or times out.
    test.afterEach(async () => { await resetLanguage('admin'); });

    test('finds \'bank first\' and shows its English title', async ({ page }) => {
      await signInToShell(page, 'admin');
      await switchLanguage(page, '简体中文', 'English');
      await searchBox(page, 'Search menu').fill('bank first');
      await expect(suggestion(page, 'Bank review / Bank first review')).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/bank\/bank-first$/);
      await expectTabs(page, ['Home', 'Bank first review'], 'Bank first review');
    });

    test('a query that matches nothing says so in English', async ({ page }) => {
      await signInToShell(page, 'admin');
      await switchLanguage(page, '简体中文', 'English');
      await searchBox(page, 'Search menu').fill('no such menu');
      await expect(page.getByText('No matching menu entry')).toBeVisible();
    });
  });

  test('several matches: ArrowDown moves to the next entry', async ({ page }) => {
    await signInToShell(page, 'bank');
    await searchBox(page).fill('银行');
    for (const title of ['银行初审', '银行复审', '银行转账', '银行统计']) {
      await expect(suggestion(page, `银行审核 / ${title}`)).toBeVisible();
    }
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bank\/bank-last$/);
    await expectTabs(page, ['首页', '银行复审'], '银行复审');
  });

  test('a query that matches nothing says so', async ({ page }) => {
    await signInToShell(page, 'admin');
    await searchBox(page).fill('没有这个菜单');
    await expect(page.getByText('没有匹配的菜单')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/index$/);
  });

  test('pages outside the user\'s menu are not found', async ({ page }) => {
    await signInToShell(page, 'bank');
    await searchBox(page).fill('用户管理');
    await expect(page.getByText('没有匹配的菜单')).toBeVisible();
  });
});
