import { expect, test } from '@playwright/test';
import { consoleErrors, DEMO_PASSWORD, DEMO_USERS, fillLogin, loginButton, signIn } from './fixtures';

test.describe('login page', () => {
  test('admin signs in and reaches the entry page with their name, figures and quick links', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.admin.nickname}` })).toBeVisible();
    await expect(page.getByRole('button', { name: DEMO_USERS.admin.nickname, exact: true })).toBeVisible();
    // The entry page of an administrator: the platform's figures and quick links to the pages of the menu.
    const main = page.getByRole('main');
    await expect(main.getByText('常用页面', { exact: true })).toBeVisible();
    await expect(main.getByRole('link').filter({ has: page.locator('.ant-statistic-title', { hasText: '审核中' }) })).toBeVisible();
    await expect(main.getByRole('link', { name: '人社初审' })).toBeVisible();
  });

  test('a reviewer sees only the menu group of their role', async ({ page }) => {
    await signIn(page, 'renshe');
    await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.renshe.nickname}` })).toBeVisible();
    const main = page.getByRole('main');
    // The entry page: their to-do at the renshe stages, and quick links to their pages only.
    await expect(main.getByText('我的待办', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: '人社终审' }).first()).toBeVisible();
    await expect(page.getByText('银行审核', { exact: true })).toHaveCount(0);
    await expect(page.getByText('系统管理', { exact: true })).toHaveCount(0);
  });

  test('a wrong password shows the catalogue message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'guarantee', 'wrong-password-1');
    await loginButton(page).click();
    await expect(page.getByText('用户名或密码错误！')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
  });

  test('username and password are validated on change', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/login');
    const username = page.getByPlaceholder('用户名');
    const password = page.getByPlaceholder('密码');
    await username.fill('admin');
    await username.fill('');
    await expect(page.getByText('请输入用户名！')).toBeVisible();
    await password.fill(DEMO_PASSWORD);
    await password.fill('');
    await expect(page.getByText('请输入密码！')).toBeVisible();
    // Typing again clears the messages.
    await username.fill('admin');
    await password.fill(DEMO_PASSWORD);
    await expect(page.getByText('请输入用户名！')).toHaveCount(0);
    await expect(page.getByText('请输入密码！')).toHaveCount(0);
    // The forgot-password notice opens and closes; the page hydrated without a mismatch.
    await page.getByRole('button', { name: '忘记密码' }).click();
    const notice = page.getByRole('dialog', { name: '忘记密码' });
    await expect(notice.getByText('请联系所在机构的管理员重置密码。')).toBeVisible();
    await notice.getByRole('button', { name: '确定' }).click();
    await expect(notice).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('submitting an empty form shows both messages and sends nothing', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (r) => { if (r.url().includes('/api/admin/login')) loginCalls += 1; });
    await loginButton(page).click();
    await expect(page.getByText('请输入用户名！')).toBeVisible();
    await expect(page.getByText('请输入密码！')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(loginCalls).toBe(0);
  });

  for (const target of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
    test(`a redirect to another site (${target}) lands on the entry page instead`, async ({ page, baseURL }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await fillLogin(page, 'admin');
      await loginButton(page).click();
      await expect(page).toHaveURL(new URL('/admin/index', baseURL).href);
      await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.admin.nickname}` })).toBeVisible();
    });
  }

  test('a signed-in user opening the login page goes to the entry page', async ({ page }) => {
    await signIn(page, 'guarantee');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/index$/);
  });
});
