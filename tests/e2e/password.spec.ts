import { expect, test } from '@playwright/test';
import { fillLogin, loginButton, chooseUserMenuItem, registerUser, signIn } from './fixtures';

const NEW_PASSWORD = 'Changed2024x';

test('a user changes their password: blur validation, success, and only the new password works', async ({ page }) => {
  // A fresh account, so the demo users keep their password; page.request signs the page in.
  const account = await registerUser(page.request);
  await page.goto('/admin/index');
  await expect(page.getByRole('heading', { name: `你好，${account.nickname}` })).toBeVisible();

  await chooseUserMenuItem(page, account.nickname, '修改密码');
  await expect(page).toHaveURL(/\/account\/password$/);

  const oldField = page.getByLabel('原密码');
  const newField = page.getByLabel('新密码', { exact: true });
  const confirmField = page.getByLabel('确认新密码');

  await test.step('messages appear on blur', async () => {
    await oldField.focus();
    await oldField.blur();
    await expect(oldField).toHaveAccessibleDescription('请填写原密码！');

    await newField.fill('abc123');
    await newField.blur();
    await expect(newField).toHaveAccessibleDescription('密码长度只能为8-20个字符！');
    await newField.fill('abcdefghijklmnopqrstu1');
    await newField.blur();
    await expect(newField).toHaveAccessibleDescription('密码长度只能为8-20个字符！');
    await newField.fill('abcdefgh');
    await newField.blur();
    await expect(newField).toHaveAccessibleDescription('只能输入数字和字母组合，且为8位以上！');
    await newField.fill('12345678');
    await newField.blur();
    await expect(newField).toHaveAccessibleDescription('只能输入数字和字母组合，且为8位以上！');

    await confirmField.focus();
    await confirmField.blur();
    await expect(confirmField).toHaveAccessibleDescription('请输入新密码！');

    await newField.fill(NEW_PASSWORD);
    await newField.blur();
    await confirmField.fill(`${NEW_PASSWORD}9`);
    await confirmField.blur();
    await expect(confirmField).toHaveAccessibleDescription('两次输入不一致！');
  });

  await test.step('a valid change shows the message and goes to the login page', async () => {
    await oldField.fill(account.password);
    await confirmField.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password no longer works', async () => {
    await fillLogin(page, account.mail, account.password);
    await loginButton(page).click();
    await expect(page.getByText('用户名或密码错误！')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the new password works', async () => {
    await signIn(page, account.mail, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: `你好，${account.nickname}` })).toBeVisible();
  });
});

test('a wrong old password is shown on the old-password field', async ({ page }) => {
  const account = await registerUser(page.request);
  await page.goto('/account/password');
  await page.getByLabel('原密码').fill('NotMyPassw0rd');
  await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByLabel('原密码')).toHaveAccessibleDescription('原密码不正确！');
  await expect(page).toHaveURL(/\/account\/password$/);
  // Nothing changed: the account still signs in with its password.
  await page.context().clearCookies();
  await signIn(page, account.mail, account.password);
});
