import { expect, test } from '@playwright/test';
import { openPage, resetLanguage, shoot, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * The role screen in the reader's language: the seeded roles' names and descriptions in Chinese
 * and in English, and the edit form holding both languages' texts. Screenshots at 1440 px in
 * .test-data/screenshots for a person to look at.
 */

test.afterEach(async () => { await resetLanguage('admin'); });

test('an administrator reads the seeded roles in Chinese and in English and edits both languages\' names', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToShell(page, 'admin');
  await openPage(page, '/admin/setting/system/role', '角色管理');
  const bankRow = page.getByRole('row', { name: /银行审核员/ });
  await expect(bankRow).toContainText('银行的审核人员');
  await expect(page.getByRole('row', { name: /注册用户/ })).toContainText('自行注册、等待分配角色的账号');
  await expect(page.getByRole('main')).not.toContainText('Bank reviewers');
  await shoot(page, 'role-names-zh-1440');

  await bankRow.getByRole('button', { name: /编\s*辑/ }).click();
  const dialog = page.getByRole('dialog', { name: '编辑角色' });
  await expect(dialog.getByLabel('角色名称（中文）')).toHaveValue('银行审核员');
  await expect(dialog.getByLabel('角色名称（英文）')).toHaveValue('Bank reviewers');
  await expect(dialog.getByLabel('描述（英文）')).toHaveValue('Bank reviewers');
  await dialog.getByLabel('描述（英文）').fill('Reviewers of the partner banks');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();
  // The Chinese screen still shows the Chinese description.
  await expect(bankRow).toContainText('银行的审核人员');

  await switchLanguage(page, '简体中文', 'English');
  await waitForShell(page);
  const bankEn = page.getByRole('row', { name: /Bank reviewers/ });
  await expect(bankEn).toContainText('Reviewers of the partner banks');
  await expect(page.getByRole('row', { name: /Registered users/ })).toContainText('Self-registered accounts awaiting roles');
  await expect(page.getByRole('main')).not.toContainText('银行的审核人员');
  await shoot(page, 'role-names-en-1440');
  await bankEn.getByRole('button', { name: /Edit/ }).click();
  const dialogEn = page.getByRole('dialog', { name: 'Edit role' });
  await expect(dialogEn.getByLabel('Name (Chinese)')).toHaveValue('银行审核员');
  await expect(dialogEn.getByLabel('Name (English)')).toHaveValue('Bank reviewers');
  await shoot(page, 'role-names-en-edit-1440');
});
