import { expect, test } from '@playwright/test';
import { logOut, registerUser, signIn, switchLanguage } from './fixtures';

test.describe('language', () => {
  test('the login page switches to English and stays English after a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
    await switchLanguage(page, '简体中文', 'English');
    await expect(page.getByRole('heading', { name: 'Sign in with your account' })).toBeVisible();
    await expect(page.getByPlaceholder('Username')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Sign in$/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in with your account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The form messages follow the language too.
    await page.getByPlaceholder('Username').fill('x');
    await page.getByPlaceholder('Username').fill('');
    await expect(page.getByText('Please enter username!')).toBeVisible();

    await switchLanguage(page, 'English', '简体中文');
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
  });

  test('a signed-in user\'s language choice is kept in this browser for that user only', async ({ browser, request }) => {
    // A fresh account, so the demo users keep their language.
    const account = await registerUser(request);
    const greetingEn = `Hello, ${account.nickname}`;
    const greetingZh = `你好，${account.nickname}`;

    const first = await browser.newContext();
    const page = await first.newPage();
    await signIn(page, account.mail, account.password);
    await expect(page.getByRole('heading', { name: greetingZh })).toBeVisible();

    await switchLanguage(page, '简体中文', 'English');
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();

    // Signed out, the login page keeps the language it had; signing in again here brings the user's choice back.
    await logOut(page, account.nickname);
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
    await signIn(page, account.mail, account.password);
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();

    // Another browser (Chinese, no cookies) is not changed by that choice: the sign-in default applies.
    const second = await browser.newContext();
    const again = await second.newPage();
    await signIn(again, account.mail, account.password);
    await expect(again.getByRole('heading', { name: greetingZh })).toBeVisible();
    await expect(again.getByRole('button', { name: '简体中文', exact: true })).toBeVisible();
    // ...and a choice there leaves the first browser as it was.
    await switchLanguage(again, '简体中文', 'English');
    await switchLanguage(again, 'English', '简体中文');
    await page.reload();
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();
    await second.close();
    await first.close();
  });
});
