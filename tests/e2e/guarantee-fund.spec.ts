import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { failOnMissingTexts, openPage, signInToShell } from './fixtures';

/** What axe finds critical, serious or moderate (WCAG 2.1 A and AA, as tests/e2e/accessibility.spec.ts). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const watch = failOnMissingTexts();
test.beforeEach(async ({ context }) => { watch(context); });

/**
 * 担保基金 and 贷后设置 in the browser: a guarantee company's reviewer sees its own fund only and
 * records a contribution from the keyboard; renshe watches every fund and contributes nothing;
 * the administrator changes the post-loan settings and the page keeps them.
 */
test.describe.serial('the guarantee fund and the post-loan settings', () => {
  test('a guarantee reviewer sees the company\'s fund and records a contribution', async ({ page }) => {
    await signInToShell(page, 'guarantee');
    await openPage(page, '/post-loan/fund', '担保基金');
    const funds = page.locator('.ant-card').filter({ hasText: '担保公司担保基金' }).locator('.ant-table-tbody');
    await expect(funds.getByRole('row')).toHaveCount(1);
    await expect(funds).toContainText('长沙鑫诚融资担保有限公司');
    await expect(funds).not.toContainText('湖南汇通融资担保有限公司');
    await expect(page.getByText('长沙鑫诚融资担保有限公司基金明细')).toBeVisible();
    const entries = page.locator('.ant-card').filter({ hasText: '基金明细' }).last().locator('.ant-table-tbody');
    const before = await entries.getByRole('row').count();
    expect.soft(await violations(page), 'the fund page').toEqual([]);

    await page.getByRole('button', { name: '登记出资：长沙鑫诚融资担保有限公司' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The amount and the source are required.
    await dialog.getByRole('button', { name: '登记出资' }).click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect.soft(await violations(page), 'the contribution dialog').toEqual([]);
    await dialog.getByLabel('金额（元）').fill('123456.78');
    await dialog.getByLabel('来源').fill('财政注资（测试）');
    await dialog.getByLabel('来源').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(entries.getByRole('row')).toHaveCount(Math.min(before + 1, 10));
    await expect(entries.getByRole('row').first()).toContainText('123,456.78');
    await expect(entries.getByRole('row').first()).toContainText('财政注资（测试）');
  });

  test('renshe watches every fund and the banks\' rates, without the contribution button', async ({ page }) => {
    await signInToShell(page, 'renshe');
    await openPage(page, '/post-loan/fund', '担保基金');
    const funds = page.locator('.ant-card').filter({ hasText: '担保公司担保基金' }).locator('.ant-table-tbody');
    await expect(funds.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('银行代偿率')).toBeVisible();
    await expect(page.getByRole('button', { name: /登记出资/ })).toHaveCount(0);
    await page.getByRole('button', { name: '查看湖南汇通融资担保有限公司的基金明细' }).click();
    await expect(page.getByText('湖南汇通融资担保有限公司基金明细')).toBeVisible();
  });

  test('the administrator changes the post-loan settings', async ({ page }) => {
    await signInToShell(page, 'admin');
    await openPage(page, '/admin/setting/business/post-loan', '贷后设置');
    const days = page.getByLabel('代偿逾期天数');
    await expect(days).toHaveValue('90');
    expect.soft(await violations(page), 'the settings').toEqual([]);
    await days.fill('60');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText('最近修改于')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('代偿逾期天数')).toHaveValue('60');
    await page.getByLabel('代偿逾期天数').fill('90');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText('最近修改于')).toBeVisible();
  });
});
