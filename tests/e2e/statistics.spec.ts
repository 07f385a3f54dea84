import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signIn } from './fixtures';

const SCREENS = join(process.cwd(), '.test-data', 'screens');

/** The file a download saved: its name and that it is an .xlsx (a zip holding a workbook). */
async function expectWorkbook(download: Download, name: RegExp) {
  expect(download.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  expect(Object.keys(unzipSync(bytes))).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
}

const cardValue = (page: Page, key: string) => page.getByTestId(`card-${key}`).locator('.ant-statistic-content-value');

test('the bank reviewer opens 银行统计, sees their figures, downloads the export and the workbench export', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, 'bank');
  await page.goto('/bank/bank-statistics');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('银行统计');

  await test.step('summary and the table per bank: their bank only', async () => {
    await expect(cardValue(page, 'total')).toHaveText(/^[1-9][\d,]*$/);
    const table = page.getByRole('tabpanel').locator('.ant-table-tbody');
    await expect(table.getByRole('row')).toHaveCount(1);
    await expect(table).toContainText('中国工商银行长沙分行');
    await expect(page.getByText('中国建设银行长沙分行')).toHaveCount(0);
    await page.screenshot({ path: join(SCREENS, 'bank-statistics-zh.png'), fullPage: true });
  });

  await test.step('a count opens its applications', async () => {
    const total = (await cardValue(page, 'total').innerText()).replace(/,/g, '');
    await page.getByRole('button', { name: /^\d+ 件，查看 中国工商银行长沙分行 · 申请笔数 的申请$/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`中国工商银行长沙分行 · 申请笔数：${total} 笔申请`);
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(drawer.locator('.ant-table-tbody')).toContainText('*');
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
  });

  await test.step('the months as a chart with its data table', async () => {
    await page.getByRole('tab', { name: '按月份' }).click();
    await expect(page.getByRole('img', { name: /各月申请与放款笔数/ })).toBeVisible();
    await page.getByText('图表数据').click();
    await expect(page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '放款笔数' }) })).toBeVisible();
    await page.locator('figure').screenshot({ path: join(SCREENS, 'bank-statistics-chart-zh.png') });
  });

  await test.step('the subsidy by month repaid: owed, claimed and paid, their bank only, with the total', async () => {
    await page.getByRole('tab', { name: '贴息', exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText(/^贴息计入各期实际还款的月份/)).toBeVisible();
    for (const header of ['还款月份', '应贴息', '已申请贴息', '已拨付贴息']) await expect(panel.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: '贷款银行' })).toHaveCount(0);
    await expect(panel.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(/^\d{4}-\d{2}¥/);
    await expect(panel.locator('.ant-table-summary')).toContainText(/^合计¥[\d,]+\.\d{2}/);
  });

  await test.step('the statistics export', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出统计' }).click()]);
    await expectWorkbook(download, /^银行统计-\d{8}-\d{4}\.xlsx$/);
    await expect(page.getByText(/^已导出 银行统计-/)).toBeVisible();
  });

  await test.step('the workbench export with the current search', async () => {
    await page.goto('/bank/bank-first?scope=pending');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^(download )?导\s*出$/ }).click()]);
    await expectWorkbook(download, /^银行初审-\d{8}-\d{4}\.xlsx$/);
  });
});

test('the statistics pages in English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, 'guarantee');
  await page.goto('/guarantee/guarantee-statistics');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('Institution business statistics');
  await expect(cardValue(page, 'total')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByRole('tabpanel').locator('.ant-table-tbody')).toContainText('长沙鑫诚融资担保有限公司');
  await page.screenshot({ path: join(SCREENS, 'guarantee-statistics-en.png'), fullPage: true });
  await page.getByRole('tab', { name: 'By borrower type' }).click();
  await expect(page.getByTestId('type-PERSON')).toContainText('Applications');
  await page.screenshot({ path: join(SCREENS, 'guarantee-statistics-types-en.png'), fullPage: true });
  await context.close();
});
