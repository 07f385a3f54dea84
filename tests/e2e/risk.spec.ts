import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { adminApi, call, phoneRound, resetLanguage, shoot, signIn, switchLanguage } from './fixtures';

/**
 * The risk screens: a person blacklisted by batch import (one bad row shown, then fixed), an
 * application for them refused with the reason, the entry relieved with a reason, the next
 * application accepted; then screenshots of the eight screens in both languages.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = Date.now().toString().slice(-6);
const idOf = (seq: string) => {
  const first17 = `43010219870615${seq}`;
  return first17 + idCheckDigit(first17);
};
// Sequence codes 100-899: never the simulated sources' special ones (997-999).
const seq = 100 + (Number(stamp.slice(-3)) % 800);
const person = { name: `黑名单${seq}`, idNumber: idOf(String(seq)) };
const other = { name: '导入乙', idNumber: idOf(String(seq + 1)) };
const REASON = '提供虚假营业执照骗取贷款';

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('黑名单').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function submit(api: APIRequestContext, idNumber: string) {
  const orgId = async (type: string) => (await call<{ id: number }[]>(api, 'systemOrganiza/getInstitutionDropdown', { type })).data[0]!.id;
  return call<{ status: string; number: string }>(api, 'channel/application/submit', {
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: person.name, idNumber, mobile: '13712340000', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    amount: 100000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: await orgId('RENSHE'), guaranteeOrgId: await orgId('GUARANTEE'), bankOrgId: await orgId('BANK'),
  });
}

test.describe('risk screens', () => {
  // Each test starts in Chinese (a language switch is kept per user).
  test.beforeEach(async () => { await resetLanguage('admin'); });
  test.afterAll(async () => { await resetLanguage('admin'); });

  test('blacklist by import (a bad row fixed), a refused application, relief with a reason, then an accepted one', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/setting/data/black');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入数据' });
    const header = ['姓名', '身份证号', '手机号', '列入原因', '到期日'];
    const badId = `${other.idNumber.slice(0, 17)}${other.idNumber[17] === '0' ? '1' : '0'}`;
    await dialog.locator('input[type=file]').setInputFiles({
      name: '黑名单.xlsx', mimeType: XLSX, buffer: await workbook([header, [person.name, person.idNumber, '13712340000', REASON, ''], [other.name, badId, '', REASON, '']]),
    });
    await expect(dialog.getByText(/共 2 行数据，发现 1 处错误/)).toBeVisible();
    await expect(dialog.getByRole('row', { name: /3 身份证号/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
    await shoot(page, 'risk-import-errors', { fullPage: true });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '黑名单.xlsx', mimeType: XLSX, buffer: await workbook([header, [person.name, person.idNumber, '13712340000', REASON, ''], [other.name, other.idNumber, '', REASON, '2099-12-31']]),
    });
    await expect(dialog.getByText('检查通过：共 2 行数据，可以导入')).toBeVisible();
    await dialog.getByRole('button', { name: /确认导入/ }).click();
    await expect(page.getByText('已导入 2 行数据')).toBeVisible();

    await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(person.idNumber);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(person.name) });
    await expect(row).toContainText('批量导入');
    await expect(row).toContainText('生效中');
    await expect(row).toContainText(`${person.idNumber.slice(0, 3)}***********${person.idNumber.slice(14)}`);

    const api = await adminApi();
    try {
      const refused = await submit(api, person.idNumber);
      expect(refused.code).toBe(409);
      expect(refused.message).toBe(`${person.name} 在黑名单中，不能申请：${REASON}！`);

      await row.getByRole('button', { name: /解\s*除/ }).click();
      const relieve = page.getByRole('dialog', { name: '解除黑名单' });
      await relieve.getByRole('button', { name: /解\s*除/ }).click();
      await expect(relieve.getByText('请输入原因')).toBeVisible();
      await relieve.getByRole('textbox').fill('经复核系他人冒用身份证');
      await shoot(page, 'risk-relieve-dialog', { fullPage: true });
      await relieve.getByRole('button', { name: /解\s*除/ }).click();
      await expect(relieve).toBeHidden();
      await expect(row).toContainText('已解除');
      await expect(row).toContainText('经复核系他人冒用身份证');

      const accepted = await submit(api, person.idNumber);
      expect(accepted.code, accepted.message).toBe(200);
      expect(accepted.data.status).toBe('IN_REVIEW');

      // Its detail drawer opens with the indicators' verdicts.
      await page.goto('/admin/home/loan');
      await page.getByRole('textbox', { name: '申请编号' }).fill(accepted.data.number);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.getByRole('row', { name: new RegExp(accepted.data.number) }).getByRole('button', { name: /详\s*情/ }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: accepted.data.number });
      await expect(drawer.getByText(/指标版本 V4/)).toBeVisible();
      await shoot(page, 'risk-detail-red-flags', { fullPage: true });
    } finally {
      await api.dispose();
    }
  });

  test('the bank records a compensation on an issued loan: the strategy blacklists the borrower, the records show the report', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await adminApi();
    let loan: { id: number; number: string; name: string } | undefined;
    try {
      // The seeded strategy holds the compensated rule (60 months, reason 担保公司已代偿).
      const loaned = await call<{ list: { id: number; number: string; name: string; idNumber: string }[] }>(api, 'businessClubFirstTrial/getList', {
        stage: 'BANK_TRANSFER', scope: 'processed', status: 'LOANED', pageNum: 1, pageSize: 30,
      });
      expect(loaned.code, loaned.message).toBe(200);
      // A borrower of a name nobody on the list has.
      for (const row of loaned.data.list) {
        const listed = await call<{ total: number }>(api, 'sysBlackList/getList', { pageNum: 1, pageSize: 10, name: row.name });
        if (listed.data.total === 0) { loan = row; break; }
      }
      expect(loan!).toBeTruthy();
    } finally {
      await api.dispose();
    }

    await signIn(page, 'admin');
    if (!loan) throw new Error('no issued loan to report on');
    await page.goto(`/bank/bank-forward?scope=processed&number=${loan.number}`);
    const row = page.locator('.ant-table-row').filter({ hasText: loan.number });
    await expect(row).toContainText('已放款');
    await row.getByRole('button', { name: '放款登记' }).click();
    const dialog = page.getByRole('dialog', { name: '放款登记' });
    await dialog.getByRole('radio', { name: '逾期' }).check();
    await expect(dialog.getByRole('spinbutton', { name: '逾期天数' })).toBeVisible();
    await dialog.getByRole('radio', { name: '担保公司代偿' }).check();
    await expect(dialog.getByRole('spinbutton', { name: '逾期天数' })).toHaveCount(0);
    await dialog.getByRole('textbox').last().fill('担保公司已代偿本息');
    await shoot(page, 'risk-repayment-dialog', { fullPage: true });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('放款状态已登记')).toBeVisible();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: loan.number });
    await drawer.getByRole('tab', { name: '审批记录' }).click();
    await expect(drawer.locator('.ant-table-row').last()).toContainText('担保公司代偿');
    await expect(drawer.locator('.ant-table-row').last()).toContainText('担保公司已代偿本息');

    await page.goto('/admin/setting/data/black');
    await page.getByRole('textbox', { name: '姓名', exact: true }).fill(loan.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const entry = page.getByRole('row', { name: new RegExp(loan.name) }).filter({ hasText: '生效中' });
    await expect(entry).toContainText('策略自动');
    await expect(entry).toContainText('担保公司已代偿');
  });

  test('the small companies\' staffing limits are edited in the borrower types\' dialog, in both languages and on a phone', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/setting/model-setting-client');
    const small = page.locator('tr[data-row-key="SMALL_COMPANY"]');
    await expect(small).toContainText('不低于 15%（职工超过 100 人：8%）');
    // Only small companies have the limits.
    await page.getByRole('button', { name: '编辑额度 个人' }).click();
    let dialog = page.getByRole('dialog', { name: /编辑额度 · 个人/ });
    await expect(dialog.getByRole('spinbutton', { name: '最长期限（月）' })).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: '职工人数门槛（人）' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await small.getByRole('button', { name: /编辑额度/ }).click();
    dialog = page.getByRole('dialog', { name: /编辑额度 · 小微企业/ });
    const share = dialog.getByRole('spinbutton', { name: '新招用重点群体人员占比下限（%）' });
    await expect(share).toHaveValue('15.00');
    await expect(dialog.getByRole('spinbutton', { name: '职工人数超过门槛时的占比下限（%）' })).toHaveValue('8.00');
    await expect(dialog.getByRole('spinbutton', { name: '职工人数门槛（人）' })).toHaveValue('100');
    await share.clear();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('请填写此项')).toBeVisible();
    await share.fill('16.5');
    await shoot(page, 'risk-staffing-limits-zh-1440', { fullPage: true });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(small).toContainText('不低于 16.5%（职工超过 100 人：8%）');

    // Back to the policy's 15%, on a phone and in English.
    await page.setViewportSize({ width: 375, height: 800 });
    await small.getByRole('button', { name: /编辑额度/ }).click();
    await shoot(page, 'risk-staffing-limits-zh-375', { fullPage: true });
    await dialog.getByRole('spinbutton', { name: '新招用重点群体人员占比下限（%）' }).fill('15');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(small).toContainText('不低于 15%（职工超过 100 人：8%）');

    await page.setViewportSize({ width: 1440, height: 900 });
    await switchLanguage(page, '简体中文', 'English');
    const smallEn = page.locator('tr[data-row-key="SMALL_COMPANY"]');
    await expect(smallEn).toContainText('At least 15% (8% above 100 staff)');
    await smallEn.getByRole('button', { name: /Edit caps/ }).click();
    const dialogEn = page.getByRole('dialog', { name: /Edit caps/ });
    await expect(dialogEn.getByRole('spinbutton', { name: 'Key-group hires share (%)' })).toHaveValue('15.00');
    await shoot(page, 'risk-staffing-limits-en-1440', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, 'risk-staffing-limits-en-375', { fullPage: true });
    await dialogEn.getByRole('button', { name: /Cancel/ }).click();
  });

  const SCREENS: [string, string, string][] = [
    ['/admin/setting/model-setting-client', '客户群体', 'Customer groups'],
    ['/admin/setting/model-setting-target', '指标管理', 'Indicators'],
    ['/admin/setting/model-setting-model', '模型管理', 'Models'],
    ['/admin/setting/model-setting-black', '黑名单策略', 'Blacklist strategy'],
    ['/admin/setting/data/black', '黑名单', 'Blacklist'],
    ['/admin/setting/data/white', '白名单', 'Whitelist'],
    ['/admin/setting/business/refuse', '指标拒绝原因', 'Indicator refusal reasons'],
    ['/admin/setting/business/status', '状态拒绝原因', 'Status refusal reasons'],
  ];

  // At 1440 px the accessibility spec opens these screens in both languages (texts, tables, axe).
  test('the eight screens at 375 px in Chinese and in English', async ({ page }) => {
    test.setTimeout(240_000);
    await phoneRound(page, 'risk', SCREENS);
  });
});
