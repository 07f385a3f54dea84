import { expect, test } from '@playwright/test';
import { DEMO_USERS, fillLogin, loginButton, signIn } from './fixtures';

const NOT_FOUND = '抱歉，你访问的页面不存在。';
const FORBIDDEN = '抱歉，你无权访问该页面。';

test.describe('route guard and error pages', () => {
  test('an unknown path shows the 404 page whose button goes home (the login page when signed out)', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    const home = page.getByRole('link', { name: '返回首页' });
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
  });

  test('the 500 page shows its message and a button home', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByText('抱歉，服务器出错了。')).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the root goes to the login page when signed out and to the entry page when signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/index$/);
  });

  test('without a session the entry page sends to the login page and back after signing in', async ({ page }) => {
    await page.goto('/admin/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Findex$/);
    await fillLogin(page, 'admin');
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/admin\/index$/);
  });

  test('without a session a menu page sends to the login page and back after signing in', async ({ page }) => {
    await page.goto('/renshe/renshe-first');
    await expect(page).toHaveURL(/\/login\?redirect=%2Frenshe%2Frenshe-first$/);
    await fillLogin(page, 'renshe');
    await loginButton(page).click();
    // The page itself is not built yet: only where the user lands is checked.
    await expect(page).toHaveURL(/\/renshe\/renshe-first$/);
  });

  test('a page outside the user\'s menu goes to the 403 page', async ({ page }) => {
    await signIn(page, 'bank');
    await page.goto('/admin/setting/system/user');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    // 'Back to home' goes to the root, which is the entry page for a signed-in user.
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.bank.nickname}` })).toBeVisible();
  });

  test('signed in, the 403, 404 and 500 pages keep the side menu, header and tabs around them, and add no tab', async ({ page }) => {
    await signIn(page, 'bank');
    const shell = async () => {
      await expect(page.locator('.ant-layout-sider').first()).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('tablist').first().getByRole('tab')).toHaveText(['首页']);
    };
    await page.goto('/admin/setting/system/user');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await shell();
    const response = await page.goto('/bank/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(page).toHaveURL(/\/bank\/no-such-page$/);
    await shell();
    await page.goto('/500');
    await expect(page.getByText('抱歉，服务器出错了。')).toBeVisible();
    await shell();
  });

  test('a page of the user\'s own menu is not forbidden', async ({ page }) => {
    await signIn(page, 'bank');
    await page.goto('/bank/bank-first');
    await expect(page).toHaveURL(/\/bank\/bank-first$/);
    // The guard let the user through: the screen opens inside the shell, in its own tab.
    await expect(page.getByRole('main').getByText('银行初审', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('tab', { name: '银行初审' })).toBeVisible();
    await expect(page.getByText(FORBIDDEN)).toHaveCount(0);
  });

  test('another role\'s menu page is forbidden', async ({ page }) => {
    await signIn(page, 'renshe');
    await page.goto('/bank/bank-first');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });

  test('a signed-in user following a redirect to another host ends on a page of this product', async ({ page }) => {
    await signIn(page, 'bank');
    const origin = new URL(page.url()).origin;
    for (const target of ['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example']) {
      await page.goto(`/login?redirect=${target}`);
      await expect(page).toHaveURL(`${origin}/admin/index`);
      await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.bank.nickname}` })).toBeVisible();
    }
  });

  test('signing in from a link with a redirect to another host ends on the entry page', async ({ page }) => {
    await page.goto('/login?redirect=/.//evil.example');
    await fillLogin(page, 'bank');
    await loginButton(page).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/index$/);
  });

  test('a percent-encoded page path needs the same grant as the page; a suffix on an unknown path is the 404 page', async ({ page }) => {
    await signIn(page, 'bank');
    for (const path of ['/admin/setting/system/%75ser', '/admin/setting/system/user.rsc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/403$/);
      await expect(page.getByText(FORBIDDEN)).toBeVisible();
    }
    for (const path of ['/no-such-page.rsc', '/bank/bank-first.prefetch.rsc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});
