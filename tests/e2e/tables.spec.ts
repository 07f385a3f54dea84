import { expect, test, type Page } from '@playwright/test';
import { MENU_PAGES } from '@/lib/routes';
import { expectTabs, failOnMissingTexts, openPage, resetLanguage, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * The screen engine's tables and search forms as staff use them: the default columns fit a
 * 1440 px screen in both languages, columns are shown, hidden and moved (remembered after a
 * reload), the density switches, the search form folds to one row, selects read 全部 or
 * show their default as a value; a bad address shows the 404 page without adding a tab. No
 * page lacks a text it shows (lib/client-messages.ts).
 */

/**
 * How far each table of a screen reaches past its box, for the tables that do (none when they
 * all fit). Every page of the menu is opened; a page without a table answers nothing.
 */
async function overflows(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  const wide = await page.locator('.ant-table-content, .ant-table-body').evaluateAll((tables) =>
    tables.filter((el) => (el as HTMLElement).offsetParent && el.scrollWidth > el.clientWidth)
      .map((el, i) => `table ${i} by ${el.scrollWidth - el.clientWidth} px`));
  // A header reads whole: no text wider than its cell, no word broken over two lines ('Applica-tions').
  const cut = await page.locator('.ant-table-thead th').evaluateAll((cells) => cells.filter((th) => {
    if (!(th as HTMLElement).offsetParent || !th.textContent?.trim()) return false;
    const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? (th as HTMLElement);
    const style = getComputedStyle(title);
    const inner = title.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(title);
    if (range.getBoundingClientRect().width > inner + 1) return true;
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return title.textContent!.trim().split(/\s+/).some((word) => canvas.measureText(word).width > inner + 1);
  }).map((th) => `header "${th.textContent?.trim()}" cut`));
  return [...wide, ...cut];
}

/** Every page of the menu whose tables do not fit, with the language. */
async function cutTables(page: Page, language: string): Promise<string[]> {
  const cut: string[] = [];
  for (const path of MENU_PAGES) for (const table of await overflows(page, path)) cut.push(`${language} ${path} ${table}`);
  return cut;
}

const headers = (page: Page) => page.locator('.ant-table-thead th.ant-table-cell:not(.ant-table-selection-column)');
failOnMissingTexts();

test.describe('tables and search forms', () => {
  test.afterAll(async () => { await resetLanguage('admin'); });

  test('the default columns of every table of the menu fit 1440 px in Chinese and in English', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    const cut = await cutTables(page, 'zh');
    await page.goto('/admin/index');
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
    try {
      cut.push(...await cutTables(page, 'en'));
      expect(cut).toEqual([]);
      // Tags read whole in a narrow tag column ('Make-up working day', like the push log's 'Delivered').
      await page.goto('/admin/setting/business/calendar');
      const tags = page.locator('.ant-table-tbody .ant-tag');
      await expect(tags.filter({ hasText: 'Make-up working day' }).first()).toBeVisible();
      const clipped = await tags.evaluateAll((all) => all.filter((tag) => {
        const cell = tag.closest('td')!.getBoundingClientRect();
        return tag.scrollWidth > tag.clientWidth || tag.getBoundingClientRect().right > cell.right;
      }).map((tag) => tag.textContent));
      expect(clipped).toEqual([]);
      // A row's own actions stand in the row in English as in Chinese (a wider actions column where the table has room).
      await page.goto('/admin/setting/system/role');
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Authorize' })).toBeVisible();
      await page.goto('/admin/setting/resources/business-flow');
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Review nodes' })).toBeVisible();
    } finally {
      // The next tests read the pages in Chinese.
      await resetLanguage('admin');
    }
    expect(cut).toEqual([]);
  });

  test('columns are hidden, moved and kept; the density switches and is kept', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    await openPage(page, '/admin/setting/system/user', '用户管理');
    await expect(headers(page).first()).toHaveText('用户名');
    await expect(page.getByRole('columnheader', { name: '角色' })).toBeVisible();

    await page.getByRole('button', { name: '列设置' }).click();
    const settings = page.locator('.ant-popover:visible');
    await settings.getByRole('checkbox', { name: '角色' }).uncheck();
    await settings.getByRole('button', { name: '下移 用户名' }).click();
    await expect(page.getByRole('columnheader', { name: '角色' })).toHaveCount(0);
    await expect(headers(page).first()).toHaveText('姓名');

    await page.getByRole('button', { name: '密度' }).click();
    await page.getByRole('menuitem', { name: '紧凑' }).click();
    await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);

    // Remembered in this browser after a reload.
    await page.reload();
    await expect(headers(page).first()).toHaveText('姓名');
    await expect(page.getByRole('columnheader', { name: '角色' })).toHaveCount(0);
    await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);

    // A hidden-by-default column is offered and shown on request; 重置 brings the defaults back.
    await openPage(page, '/admin/home/loan', '贷款查询');
    await expect(page.getByRole('columnheader', { name: '身份证号' })).toHaveCount(0);
    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.ant-popover:visible').getByRole('checkbox', { name: '身份证号' }).check();
    await expect(page.getByRole('columnheader', { name: '身份证号' })).toBeVisible();
    await page.locator('.ant-popover:visible').getByRole('button', { name: '重置' }).click();
    await expect(page.getByRole('columnheader', { name: '身份证号' })).toHaveCount(0);
  });

  test('the search form folds to one row; selects read 全部 or their default', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    await openPage(page, '/admin/setting/system/user', '用户管理');
    const org = page.getByRole('combobox', { name: '所属机构' });
    await expect(page.getByRole('textbox', { name: '用户名', exact: true })).toBeVisible();
    await expect(org).toBeHidden();
    await page.getByRole('button', { name: /(^|\s)展开$/ }).click();
    await expect(org).toBeVisible();
    // A select without a choice says 全部 (no filter), not an empty box.
    await expect(page.locator('.ant-select', { has: page.getByRole('combobox', { name: '状态' }) })).toContainText('全部');
    await page.getByRole('button', { name: /(^|\s)收起$/ }).click();
    await expect(org).toBeHidden();

    // The workbench's scope shows its default 待处理 as a value (not as a grey placeholder).
    await openPage(page, '/renshe/renshe-first', '人社初审');
    const scope = page.locator('.ant-select', { has: page.getByRole('combobox', { name: '范围' }) });
    await expect(scope).toContainText('待处理');
    await expect(scope.locator('.ant-select-placeholder, .ant-select-selection-placeholder')).toHaveCount(0);

    // On a phone the form starts folded: one field and the buttons.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('textbox', { name: '申请编号' })).toBeHidden();
    await expect(page.getByRole('button', { name: /(^|\s)展开$/ })).toBeVisible();
  });

  test('a bad address shows the 404 page without adding a tab', async ({ page }) => {
    await signInToShell(page, 'admin');
    await openPage(page, '/log', '前端日志');
    // Followed from inside the shell (as a link would), and typed into the address bar.
    await page.evaluate(() => (window as unknown as { next: { router: { push: (url: string) => void } } }).next.router.push('/admin/no-such-page'));
    await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
    await page.goto('/admin/no-such-page');
    await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
    await openPage(page, '/log', '前端日志');
    await expectTabs(page, ['首页', '前端日志'], '前端日志');
  });
});
