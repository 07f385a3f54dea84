import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

test('on a phone, a page whose header holds several buttons wraps them rather than scroll sideways, and its table fixes no column', async ({ page }) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 375, height: 740 });
  // 房产抵押: the pending count, 房产台账, 工作移交 and 导出.
  await page.goto('/guarantee/guarantee-house');
  await expect(page.getByRole('button', { name: '导出' })).toBeVisible();
  await expect(page.getByRole('button', { name: '房产台账' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The table fixes no column on a phone: the row scrolls whole (number, name, amount…), its actions last.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-table [class*="ant-table-cell-fix"]')).toHaveCount(0);
  await expect(page.locator('.ant-table-thead th').nth(1)).toBeInViewport();
});
