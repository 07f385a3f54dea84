import { expect, test } from '@playwright/test';
import { failOnMissingTexts, fillLogin, loginButton, signIn } from './fixtures';

/**
 * The administrator's logs: a failed sign-in shows in the sign-in log (filtered by the address
 * bar), a change shows in the operation log with who and from where, and both export .xlsx.
 */
const watch = failOnMissingTexts();

test('the administrator reads the sign-in log and the operation log, filters by the URL and exports', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = watch(await browser.newContext());
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, 'bank', 'wrong-password-1');
  await loginButton(page).click();
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await signIn(page, 'admin');

  await test.step('the sign-in log, filtered in the address bar', async () => {
    await page.goto('/admin/setting/system/login-log?username=bank&outcome=FAILURE');
    const row = page.getByRole('row').filter({ hasText: 'bank' }).filter({ hasText: '失败' }).first();
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '成功' })).toHaveCount(0);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(file.suggestedFilename()).toMatch(/^登录日志-.*\.xlsx$/);
  });

  await test.step('the operation log shows who changed what, from where, with no edit or delete', async () => {
    await page.goto('/admin/setting/system/operation-log');
    await expect(page.getByRole('columnheader', { name: '变更内容' })).toBeVisible();
    await expect(page.getByRole('button', { name: /编\s*辑|删\s*除/ })).toHaveCount(0);
  });
});
