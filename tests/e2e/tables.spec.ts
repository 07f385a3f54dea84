import { expect, test, type Page } from '@playwright/test';
import { expectTabs, failOnMissingTexts, openPage, resetLanguage, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * The screen engine's tables and search forms as staff use them: tags and row actions read
 * whole in English, columns are shown, hidden and moved (remembered after a
 * reload), the density switches, the search form folds to one row, selects read 全部 or
 * show their default as a value; a bad address shows the 404 page without adding a tab. No
 * page lacks a text it shows (lib/client-messages.ts).
 */

const headers = (page: Page) => page.locator('.ant-table-thead th.ant-table-cell:not(.ant-table-selection-column)');
failOnMissingTexts();

test.describe('tables and search forms', () => {
  test.afterAll(async () => { await resetLanguage('admin'); });

  // Every table's default columns are measured at 1440 px in both languages where the
  // accessibility spec opens every page (accessibility.spec.ts).
  test('in English, tags read whole in a narrow column and a row\'s own actions stand in the row', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
    try {
      // 'Make-up working day', like the push log's 'Delivered'.
      await page.goto('/admin/setting/business/calendar');
      const tags = page.locator('.ant-table-tbody .ant-tag');
      await expect(tags.filter({ hasText: 'Make-up working day' }).first()).toBeVisible();
      const clipped = await tags.evaluateAll((all) => all.filter((tag) => {
        const cell = tag.closest('td')!.getBoundingClientRect();
        return tag.scrollWidth > tag.clientWidth || tag.getBoundingClientRect().right > cell.right;
      }).map((tag) => tag.textContent));
      expect(clipped).toEqual([]);
      // A wider actions column where the table has room.
      await page.goto('/admin/setting/system/role');
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Authorize' })).toBeVisible();
      await page.goto('/admin/setting/resources/business-flow');
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Review nodes' })).toBeVisible();
    } finally {
      // The next tests read the pages in Chinese.
      await resetLanguage('admin');
    }
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
