import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { phoneRound, resetLanguage, shoot, signIn } from './fixtures';

/**
 * Historical data and the real-time lookup errors: an administrator imports a file with one bad
 * row, downloads the error report, imports the clean rows and sees the import in the history;
 * then retries a failed lookup on the errors screen and reads the case's social-insurance block;
 * then screenshots of both screens in both languages at 1440 and 375 px.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = Date.now().toString().slice(-6);
const HEADER = ['贷款编号', '借款人', '身份证号', '手机号', '借款人类型', '担保方式', '贷款金额（元）', '贷款期限（月）', '年利率', '放款日期', '人社局', '担保公司', '银行', '人员类别'];
const idOf = (seq: number) => {
  const first17 = `43010219860412${String(seq).padStart(3, '0')}`;
  return first17 + idCheckDigit(first17);
};
const seq = 100 + (Number(stamp.slice(-3)) % 800);
const loan = (n: number, idNumber: string) => [`E2E${stamp}${n}`, `历史借款人${n}`, idNumber, '13800138000', '个人', '保证人担保', 120000, 24, 0.0435,
  '2024-03-15', '长沙市人力资源和社会保障局', '长沙鑫诚融资担保有限公司', '中国工商银行长沙分行', '高校毕业生'];

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('历史数据').addRows([HEADER, ...rows]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe('historical data and lookup errors', () => {
  test.beforeEach(async () => { await resetLanguage('admin'); });
  test.afterAll(async () => { await resetLanguage('admin'); });

  test('imports a file with one bad row: error report downloaded, the clean rows imported, the import in the history', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/setting/data/historical-data');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入数据' });
    const badId = `${idOf(seq + 1).slice(0, 17)}${idOf(seq + 1)[17] === '0' ? '1' : '0'}`;
    await dialog.locator('input[type=file]').setInputFiles({
      name: `历史贷款${stamp}.xlsx`, mimeType: XLSX, buffer: await workbook([loan(1, idOf(seq)), loan(2, badId), loan(3, idOf(seq + 2))]),
    });
    await expect(dialog.getByText(/共 3 行数据，发现 1 处错误/)).toBeVisible();
    await expect(dialog.getByRole('row', { name: /3 身份证号/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
    await shoot(page, 'history-import-errors', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载错误报告/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^导入错误报告-\d{8}-\d{4}\.xlsx$/);
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const rows = report.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['文件', '行号', '列', '问题']);
    expect(rows[1]).toEqual([`历史贷款${stamp}.xlsx`, 3, '身份证号', expect.any(String)]);

    await dialog.getByRole('button', { name: /只导入无误的 2 行/ }).click();
    await expect(page.getByText('已导入 2 行数据')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`历史贷款${stamp}`) });
    await expect(row).toContainText('仅无误的行');
    await expect(row.getByRole('cell')).toContainText(['3', '2', '2', '0', '1']);
    await shoot(page, 'history-after-import', { fullPage: true });
  });

  test('retries a failed lookup on the errors screen; the case shows its social-insurance record', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/setting/error/credit-error');
    const retry = page.getByRole('button', { name: /重\s*试/ }).first();
    await expect(retry).toBeVisible();
    const row = page.getByRole('row').filter({ has: retry });
    const number = (await row.getByRole('cell').nth(1).innerText()).trim();
    await retry.click();
    const dialog = page.getByRole('dialog', { name: '重新查询' });
    await expect(dialog).toContainText(number);
    await dialog.getByRole('button', { name: /重\s*试/ }).click();
    await expect(page.getByText(`数据源已应答：申请 ${number} 的异常已处理，指标已重新核查`)).toBeVisible();
    await page.getByRole('textbox', { name: '申请编号' }).fill(number);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const resolved = page.getByRole('row', { name: new RegExp(number) });
    await expect(resolved).toContainText('是');
    await expect(resolved.getByRole('button', { name: /重\s*试/ })).toHaveCount(0);

    await page.goto('/admin/home/loan');
    await page.getByRole('textbox', { name: '申请编号' }).fill(number);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByRole('row', { name: new RegExp(number) }).getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: number });
    await expect(drawer.getByText('社保缴费')).toBeVisible();
    await expect(drawer.getByText('模拟数据')).toBeVisible();
    await drawer.getByText('社保缴费').scrollIntoViewIfNeeded();
    await shoot(page, 'lookups-drawer-insurance', { fullPage: true });
  });

  const SCREENS: [string, string, string][] = [
    ['/admin/setting/data/historical-data', '历史数据', 'Historical data'],
    ['/admin/setting/error/credit-error', '实时征信异常', 'Real-time credit errors'],
  ];
  // At 1440 px the accessibility spec opens these screens in both languages (texts, tables, axe).
  test('both screens at 375 px in Chinese and in English', async ({ page }) => {
    test.setTimeout(120_000);
    await phoneRound(page, 'lookups', SCREENS);
  });
});
