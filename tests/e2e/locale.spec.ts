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

  test('a signed-in user\'s language choice is kept for that user', async ({ browser, request }) => {
    // A fresh account (registered in Chinese), so the demo users keep their language.
    const account = await registerUser(request);
    const greetingEn = `Hello, ${account.nickname}`;

    const first = await browser.newContext();
    const page = await first.newPage();
    await signIn(page, account.mail, account.password);
    await expect(page.getByRole('heading', { name: `你好，${account.nickname}` })).toBeVisible();

    await switchLanguage(page, '简体中文', 'English');
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pages you can open' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: greetingEn })).toBeVisible();

    await logOut(page, account.nickname);
    await first.close();

    // Another browser (its own language is Chinese, no cookies): the user's choice comes back on sign-in.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto('/login');
    await expect(again.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
    await signIn(again, account.mail, account.password);
    await expect(again.getByRole('heading', { name: greetingEn })).toBeVisible();
    await expect(again.getByRole('button', { name: 'English', exact: true })).toBeVisible();
    await second.close();
  });
});
