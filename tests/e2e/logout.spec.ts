import { expect, test } from '@playwright/test';
import { CANCEL_BUTTON, DEMO_USERS, OK_BUTTON, openLogoutDialog, signIn } from './fixtures';

const { nickname } = DEMO_USERS.admin;

test('logging out asks for confirmation, ends the session and revokes the old cookie', async ({ page }) => {
  await signIn(page, 'admin');
  const [oldSession] = (await page.context().cookies()).filter((c) => c.name === 'lbo_session');
  expect(oldSession, 'a session cookie after signing in').toBeTruthy();

  await test.step('cancel keeps the session', async () => {
    const dialog = await openLogoutDialog(page, nickname);
    await expect(dialog.getByText('确定退出当前账户吗？已打开的标签页和个人设置将被保存。')).toBeVisible();
    await dialog.getByRole('button', { name: CANCEL_BUTTON }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await expect(page.getByRole('heading', { name: `你好，${nickname}` })).toBeVisible();
  });

  await test.step('OK logs out to the login page', async () => {
    const dialog = await openLogoutDialog(page, nickname);
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
  });

  await test.step('the entry page now asks to sign in', async () => {
    await page.goto('/admin/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Findex$/);
  });

  await test.step('the old session cookie no longer works', async () => {
    await page.context().addCookies([oldSession!]);
    const response = await page.request.post('/api/admin/getUserInfo', { data: {} });
    expect((await response.json()).code).toBe(401);
    // In the browser too: the server refuses the replayed cookie before rendering anything of the user's.
    await page.context().addCookies([oldSession!]);
    const served = await page.request.get('/admin/index');
    expect(served.url()).toMatch(/\/login\?timeout=1/);
    await page.context().addCookies([oldSession!]);
    await page.goto('/admin/index');
    await expect(page).toHaveURL(/\/login\?timeout=1/);
    await expect(page.getByRole('heading', { name: '账号密码登录' })).toBeVisible();
  });
});
