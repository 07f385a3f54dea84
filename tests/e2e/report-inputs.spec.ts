import { expect, test, type Locator, type Page } from '@playwright/test';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { shoot, signIn, switchLanguage } from './fixtures';

/**
 * What feeds the monthly report: an application entered through '录入申请' with the borrower's
 * employees (one hired from the key groups) shows them on the case; the administrator sets a
 * guarantee company's quota from the report's guarantee balances.
 */

const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
const selectOf = (scope: Locator, label: string) => scope.locator('.ant-select', { has: scope.page().getByRole('combobox', { name: label }) });

async function choose(page: Page, scope: Locator, label: string, text: string) {
  await expect(async () => {
    if (!(await option(page, text).isVisible())) await scope.getByRole('combobox', { name: label }).click({ timeout: 2_000 });
    await option(page, text).click({ timeout: 2_000 });
    await expect(selectOf(scope, label)).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A valid resident ID number of Changsha born in 1990-1999 (odd sequence: a man). */
function idNumber(seq: number): string {
  const first17 = `43010219${90 + Math.floor(Math.random() * 10)}0${1 + Math.floor(Math.random() * 9)}1${Math.floor(Math.random() * 9)}${String(seq * 2 + 1).padStart(3, '0')}`;
  return first17 + idCheckDigit(first17);
}
const mobile = () => `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

test('an entered application records the borrower’s employees with the key-group mark', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.goto('/admin/home/loan');
  await expect(page.locator('.ant-card-head-title')).toHaveText('贷款查询');
  await page.getByRole('button', { name: /录入申请/ }).click();
  const dialog = page.getByRole('dialog', { name: '录入贷款申请（个人创业担保贷款）' });
  const proposer = dialog.locator('.ant-row').first();
  await proposer.getByRole('textbox', { name: '姓名' }).fill('郑家和');
  await proposer.getByRole('textbox', { name: '身份证号' }).fill(idNumber(0));
  await proposer.getByRole('textbox', { name: '手机号' }).fill(mobile());
  await dialog.getByRole('textbox', { name: '户籍所在地' }).fill('湖南省长沙市芙蓉区');
  await dialog.getByRole('combobox', { name: '就业类别' }).fill('高校毕业生');
  await dialog.getByRole('spinbutton', { name: '申请金额（元）' }).fill('160000');
  await dialog.getByRole('textbox', { name: '经营名称' }).fill('家和小吃店');

  await test.step('two employees, one from the key groups; a bad ID number is named on its field', async () => {
    await dialog.getByRole('button', { name: '添加员工' }).click();
    await dialog.getByRole('button', { name: '添加员工' }).click();
    for (const [index, name] of ['黄小蕾', '冯大力'].entries()) {
      const card = dialog.locator('.ant-card').filter({ hasText: `员工 ${index + 1}` });
      await card.getByRole('textbox', { name: '姓名' }).fill(name);
      await card.getByRole('textbox', { name: '身份证号' }).fill(index === 1 ? '430102199001011' : idNumber(index + 1));
      await card.getByRole('textbox', { name: '手机号' }).fill(mobile());
    }
    await dialog.getByRole('switch', { name: '员工 1 来自重点群体' }).click();
    await choose(page, dialog, '担保公司', '长沙鑫诚融资担保有限公司');
    await choose(page, dialog, '贷款银行', '中国工商银行长沙分行');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    const second = dialog.locator('.ant-card').filter({ hasText: '员工 2' });
    await expect(second.getByText('请输入正确的身份证号码')).toBeVisible();
    await second.getByRole('textbox', { name: '身份证号' }).fill(idNumber(2));
    await dialog.locator('.ant-card').filter({ hasText: '员工 1' }).scrollIntoViewIfNeeded();
    await shoot(page, 'intake-employees-zh', { widths: [1440, 375], dir: 'screens' });
  });

  const number = await test.step('entered, and the case lists them', async () => {
    await dialog.getByRole('button', { name: '提交申请' }).click();
    const done = page.getByText(/^申请已录入，编号 SQ\d+$/);
    await expect(done).toBeVisible();
    return (await done.innerText()).replace('申请已录入，编号 ', '');
  });
  await page.getByRole('textbox', { name: '申请编号' }).fill(number);
  await page.getByRole('button', { name: /查\s*询$/ }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: number });
  await row.getByRole('button', { name: /^(详\s*情|View)$/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `申请详情 · ${number}` });
  await drawer.getByRole('tab', { name: /人员/ }).click();
  const employees = drawer.locator('section, .ant-card').filter({ hasText: '员工' }).last();
  await expect(employees.getByRole('row').filter({ hasText: '黄小蕾' })).toContainText('是');
  await expect(employees.getByRole('row').filter({ hasText: '冯大力' })).toContainText('否');
  await expect(employees).toContainText('*');
});

test('the administrator sets a guarantee company’s quota from the report', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/admin/setting/report');
  const company = page.getByRole('row').filter({ hasText: '湖南汇通融资担保有限公司' });
  await expect(company).toContainText('¥40,000,000.00');
  await company.getByRole('button', { name: '设置额度' }).click();
  const dialog = page.getByRole('dialog', { name: '湖南汇通融资担保有限公司的担保额度' });
  await dialog.getByRole('spinbutton', { name: '担保额度' }).fill('');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog.getByText('请输入正确的金额')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: '担保额度' }).fill('45000000');
  await shoot(page, 'quota-dialog-zh', { widths: [1440, 375], dir: 'screens' });
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('湖南汇通融资担保有限公司的担保额度已保存')).toBeVisible();
  await expect(company).toContainText('¥45,000,000.00');

  await page.emulateMedia({ media: 'print' });
  await expect(company.getByRole('button', { name: '设置额度' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await switchLanguage(page, '简体中文', 'English');
  await page.getByRole('row').filter({ hasText: '湖南汇通融资担保有限公司' }).getByRole('button', { name: 'Set quota' }).click();
  await expect(page.getByRole('dialog', { name: 'Guarantee quota of 湖南汇通融资担保有限公司' })).toBeVisible();
  await shoot(page, 'quota-dialog-en', { widths: [1440, 375], dir: 'screens' });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'English', '简体中文');
});
