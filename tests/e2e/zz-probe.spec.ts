import { expect, test } from '@playwright/test';
import { openPage, signInToShell, tab, menuItem } from './fixtures';
test('probe', async ({ page }) => {
  await signInToShell(page, 'bank');
  for (const [u, t] of [['/bank/bank-first','银行初审'],['/bank/bank-forward','银行转账']]) await openPage(page, u, t);
  await tab(page, '银行转账').click({ button: 'right' });
  const item = menuItem(page, '关闭左侧');
  await page.waitForTimeout(50);
  console.log('S0', await page.evaluate(() => window.scrollY), JSON.stringify(await item.boundingBox()));
  await item.scrollIntoViewIfNeeded();
  console.log('S1', await page.evaluate(() => window.scrollY), JSON.stringify(await item.boundingBox()));
  await page.waitForTimeout(500);
  console.log('S2', await page.evaluate(() => window.scrollY), JSON.stringify(await item.boundingBox()));
  await item.scrollIntoViewIfNeeded();
  console.log('S3', await page.evaluate(() => window.scrollY), JSON.stringify(await item.boundingBox()));
});
