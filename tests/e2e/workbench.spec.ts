import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingTexts, OK_BUTTON, resetLanguage, signIn, supplyProofs, switchLanguage } from './fixtures';

const DETAIL = /^(详\s*情|View)$/;
const APPROVE = /^(审核通过|Approve)$/;
const RENSHE2 = '人社复核员';

/** The data rows of the workbench table (antd adds a hidden measure row). */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const watch = failOnMissingTexts();

test('renshe approves an application at 人社初审 choosing renshe2, who then finds it at 人社复审', async ({ browser }) => {
  test.setTimeout(120_000);
  const rensheContext = watch(await browser.newContext());
  const renshe = await rensheContext.newPage();
  await signIn(renshe, 'renshe');

  // The cases waiting for renshe at the first review.
  await renshe.goto('/renshe/renshe-first?mine=true&status=IN_REVIEW');
  await expect(renshe.locator('.ant-card-head-title')).toHaveText('人社初审');
  await expect(rows(renshe).first()).toBeVisible();
  const row = rows(renshe).first();
  const number = (await row.locator('td').first().innerText()).trim();
  expect(number).not.toBe('');
  await expect(row).toContainText(DEMO_USERS.renshe.nickname);
  await expect(row).toContainText('审核中 · 人社初审');

  await test.step('the detail drawer', async () => {
    await row.getByRole('button', { name: DETAIL }).click();
    const drawer = renshe.getByRole('dialog').filter({ hasText: number });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('tab', { name: '基本信息' })).toBeVisible();
    await expect(drawer.getByText('贷款信息')).toBeVisible();
    await expect(drawer.getByText('申请人', { exact: true })).toBeVisible();
    await drawer.getByRole('tab', { name: '审批进度' }).click();
    await expect(drawer.locator('.ant-steps-item').first()).toContainText('人社初审');
    await drawer.getByRole('tab', { name: '审批记录' }).click();
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await drawer.getByRole('tab', { name: '还款计划' }).click();
    await expect(drawer.getByText('还款合计')).toBeVisible();
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('approve, choosing renshe2 as the next person (the key group\'s proof uploaded first)', async () => {
    await supplyProofs(number);
    await row.getByRole('button', { name: APPROVE }).click();
    const dialog = renshe.getByRole('dialog', { name: '审核通过' });
    await expect(dialog.getByText('审核通过后进入：人社复审')).toBeVisible();
    await dialog.getByRole('combobox', { name: '下一环节审批人' }).click();
    await renshe.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: RENSHE2 }).click();
    await dialog.getByLabel('审批意见').fill('材料齐全，同意。');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(renshe.getByText('审核已通过')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(renshe.getByRole('cell', { name: number, exact: true })).toHaveCount(0);
  });

  await test.step('renshe2 finds it at 人社复审', async () => {
    const context = watch(await browser.newContext());
    const renshe2 = await context.newPage();
    await signIn(renshe2, 'renshe2');
    await renshe2.goto(`/renshe/renshe-last?number=${encodeURIComponent(number)}`);
    const found = rows(renshe2).filter({ hasText: number });
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('审核中 · 人社复审');
    await expect(found).toContainText(RENSHE2);
    await expect(found.getByRole('button', { name: APPROVE })).toBeVisible();
    await context.close();
  });
  await rensheContext.close();
});

test('in English: the bank reviewer reads a case at Bank first review and approves it to bank2', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'bank');
  try {
    await switchLanguage(page, '简体中文', 'English');
    await page.goto('/bank/bank-first?mine=true&status=IN_REVIEW');
    await expect(page.locator('.ant-card-head-title')).toHaveText('Bank first review');
    const row = rows(page).first();
    await expect(row).toContainText('In review · Bank 1st');
    const number = (await row.locator('td').first().innerText()).trim();

    await row.getByRole('button', { name: DETAIL }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: number });
    await expect(drawer.getByRole('tab', { name: 'Basics' })).toBeVisible();
    await expect(drawer.getByText('Applicant', { exact: true })).toBeVisible();
    await drawer.getByRole('tab', { name: 'Progress' }).click();
    await expect(drawer.locator('.ant-steps-item').first()).toContainText('Renshe first review');
    await drawer.getByRole('tab', { name: 'Repayment plan' }).click();
    await expect(drawer.getByText('Total repayment')).toBeVisible();
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
    await expect(drawer).toBeHidden();

    await row.getByRole('button', { name: APPROVE }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve' });
    await expect(dialog.getByText('After approval it goes to: Bank second review')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Next reviewer' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByLabel('Opinion').fill('Documents complete.');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.locator('.ant-message').getByText('Approved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: number, exact: true })).toHaveCount(0);
  } finally {
    await resetLanguage('bank');
  }
});
