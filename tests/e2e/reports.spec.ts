import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { shoot, signIn, switchLanguage } from './fixtures';

const SCREENS = join(process.cwd(), '.test-data', 'screens');

test('the administrator reads 申请统计: figures, charts with their tables, the cases behind a figure, filters in the address, the export', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, 'admin');
  await page.goto('/admin/setting/statistics/apply');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('申请统计');

  await test.step('the funnel as a chart and a table; a step opens its applications', async () => {
    await expect(page.getByRole('img', { name: /各环节到达的申请数/ })).toBeVisible();
    const submitted = page.getByRole('button', { name: /^已提交：查看 \d+ 件申请$/ });
    const count = (await submitted.first().innerText()).trim();
    await submitted.first().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`已提交：${count} 笔申请`);
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
  });

  await test.step('every chart has its figures as a table', async () => {
    for (const name of [/申请、放款与拒绝/, /各环节平均等待工作日/]) await expect(page.getByRole('img', { name })).toBeVisible();
    await page.getByText('以表格查看图表数据').first().click();
    await expect(page.getByRole('columnheader', { name: '申请数' }).first()).toBeVisible();
    await shoot(page, 'apply-statistics-zh', { fullPage: true, widths: [1440, 375], dir: 'screens' });
  });

  await test.step('by week: the unit goes into the address and the series follows', async () => {
    await page.getByRole('combobox', { name: '统计粒度' }).click();
    await page.getByTitle('周（起）').click();
    await page.getByRole('button', { name: /查\s*询$/ }).click();
    await expect(page).toHaveURL(/unit=week/);
    await expect(page.getByRole('columnheader', { name: '周（起）' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('columnheader', { name: '周（起）' }).first()).toBeVisible();
  });

  await test.step('the client groups as a pie with a table', async () => {
    await page.getByRole('tab', { name: '客户群体' }).click();
    await expect(page.getByRole('img', { name: /按客户群体的申请分布/ })).toBeVisible();
  });

  await test.step('the export', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 .xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^申请统计-\d{8}-\d{4}\.xlsx$/);
  });

  await test.step('in English', async () => {
    await switchLanguage(page, '简体中文', 'English');
    await expect(page.locator('.ant-card-head-title').first()).toHaveText('Application statistics');
    await expect(page.getByRole('img', { name: /Applications reaching each step/ })).toBeVisible();
    await shoot(page, 'apply-statistics-en', { fullPage: true, widths: [1440, 375], dir: 'screens' });
    await switchLanguage(page, 'English', '简体中文');
  });
});

test('the guarantee reviewer records a house mortgage from the house register of 房产抵押', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, 'guarantee');
  await page.goto('/guarantee/guarantee-house');
  await page.getByRole('button', { name: '房产台账' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('房产抵押台账');
  await drawer.getByText(/^待我处理/).click();
  const edit = drawer.getByRole('button', { name: '登记抵押' }).first();
  await expect(edit).toBeVisible();
  await page.screenshot({ path: join(SCREENS, 'house-records-zh-1440.png'), fullPage: true });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: '房产抵押登记' });
  await dialog.getByRole('combobox', { name: '抵押状态' }).click();
  await page.getByTitle('已登记', { exact: true }).last().click();
  await dialog.getByRole('textbox', { name: '抵押登记证明号' }).fill('');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog.getByText('请填写此项')).toBeVisible();
  await dialog.getByRole('textbox', { name: '抵押登记证明号' }).fill('湘(2026)长沙市不动产证明第0012345号');
  await dialog.getByRole('textbox', { name: '登记日期' }).fill('2026-03-02');
  await dialog.getByRole('textbox', { name: '登记日期' }).press('Enter');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('房产抵押信息已保存')).toBeVisible();
  await expect(drawer).toContainText('湘(2026)长沙市不动产证明第0012345号');
});

test('the administrator reads 报表: the monthly figures, the employees behind the jobs, guarantee balances, the print view and the export', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, 'admin');
  await page.goto('/admin/setting/report');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('报表');
  await expect(page.getByRole('img', { name: /的放款笔数与带动就业/ })).toBeVisible();
  await expect(page.getByText(/担保余额$/).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '长沙鑫诚融资担保有限公司' })).toBeVisible();
  // The subsidy by the month repaid: per region and month, and per bank, owed, claimed and paid.
  const subsidy = page.locator('section').filter({ has: page.getByRole('heading', { name: '贴息（按还款月份，分地区和银行）' }) });
  await expect(subsidy.getByRole('columnheader', { name: '还款月份' })).toBeVisible();
  await expect(subsidy.getByRole('columnheader', { name: '已拨付贴息' })).toHaveCount(2);
  await expect(subsidy.getByRole('cell', { name: '中国工商银行长沙分行' })).toBeVisible();

  await test.step('a count of jobs opens its employees, masked', async () => {
    const jobs = page.getByRole('button', { name: /带动就业：查看 \d+ 名员工$/ }).first();
    await jobs.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(drawer.locator('.ant-table-tbody')).toContainText('*');
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
  });

  await shoot(page, 'report-zh', { fullPage: true, widths: [1440, 375], dir: 'screens' });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(SCREENS, 'report-print-zh.png'), fullPage: true });
  await expect(page.getByRole('button', { name: '打印' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出报表' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^月度报表-\d{8}-\d{4}\.xlsx$/);

  await switchLanguage(page, '简体中文', 'English');
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('Reports');
  await shoot(page, 'report-en', { fullPage: true, widths: [1440, 375], dir: 'screens' });
  await switchLanguage(page, 'English', '简体中文');
});
