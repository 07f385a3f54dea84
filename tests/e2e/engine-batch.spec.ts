import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { shoot, signIn } from './fixtures';

/**
 * The screen engine's batch input and output on the user screen: an administrator downloads
 * the import template, imports accounts from an .xlsx file (a bad file first), deletes two of
 * them in one batch, and gives an organisation a region through the province / city cascader.
 * Screenshots for a person to look at land in .test-data/screenshots.
 */
const SAVE = /^(保\s*存|Save)$/;
const suffix = Date.now().toString(36).slice(-5);
const GC = '长沙鑫诚融资担保有限公司';

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('用户').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const mobileOf = (n: number) => `137${Date.now().toString().slice(-6)}${n}${n}`;

test('an administrator imports users from .xlsx, deletes two in one batch and sets a region by cascader', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 820 });
  await signIn(page, 'admin');
  const names = [1, 2, 3].map((n) => `imp${suffix}${n}`);

  await test.step('the import: a bad file shows its row errors, a clean one is confirmed', async () => {
    await page.goto('/admin/setting/system/user');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入数据' });
    const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载模板/ }).click()]);
    expect(template.suggestedFilename()).toBe('用户导入模板.xlsx');

    const header = ['用户名', '姓名', '手机号', '邮箱', '所属机构'];
    await dialog.locator('input[type=file]').setInputFiles({
      name: '用户.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([header, [names[0]!, '导入甲', mobileOf(1), '', GC], ['admin', '重名', mobileOf(2), '', '没有这个机构'], [names[1]!, '导入乙', '1371', '', GC]]),
    });
    await expect(dialog.getByText(/共 3 行数据，发现 3 处错误/)).toBeVisible();
    await expect(dialog.getByRole('row', { name: /3 用户名 该用户名已被使用/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
    await shoot(page, 'engine-import-errors');

    await dialog.locator('input[type=file]').setInputFiles({
      name: '用户.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([header, ...names.map((name, i) => [name, `导入${i + 1}`, mobileOf(i + 1), '', GC])]),
    });
    await expect(dialog.getByText('检查通过：共 3 行数据，可以导入')).toBeVisible();
    await shoot(page, 'engine-import-clean');
    await dialog.getByRole('button', { name: /确认导入/ }).click();
    await expect(page.getByText('已导入 3 行数据')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('textbox', { name: '用户名', exact: true }).fill(`imp${suffix}`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    for (const name of names) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  });

  await test.step('two of them deleted in one call', async () => {
    for (const name of names.slice(0, 2)) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
    await shoot(page, 'engine-batch-selected');
    const calls: string[] = [];
    page.on('request', (request) => { if (request.url().endsWith('/api/systemUser/del')) calls.push(request.postData() ?? ''); });
    await page.getByRole('button', { name: /批量删除（2）/ }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确定删除选中的 2 条数据吗？');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /^删\s*除$/ }).click();
    await expect(page.getByText('操作成功')).toBeVisible();
    await expect(page.getByRole('cell', { name: names[0], exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: names[1], exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: names[2], exact: true })).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!).ids).toHaveLength(2);
  });

  await test.step('an organisation region through the cascader', async () => {
    await page.goto('/admin/setting/system/organiza');
    await page.getByRole('row', { name: /长沙市创业担保贷款服务中心/ }).getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑机构' });
    await dialog.getByLabel('所在地区').click();
    const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
    await menus.first().getByText('H 湖南省').click();
    await menus.nth(1).getByText('Z 株洲市').click();
    await expect(dialog.getByTitle('湖南省 / 株洲市')).toBeVisible();
    await shoot(page, 'engine-region');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: /长沙市创业担保贷款服务中心/ })).toContainText('株洲市');
  });
});
