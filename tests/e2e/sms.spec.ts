import { expect, test } from '@playwright/test';
import { COUNTDOWN_BUTTON, DEMO_USERS, apiLogin, fillLogin, lastSmsCode, loginButton, setSmsSwitch, signIn, smsLogMark } from './fixtures';

/**
 * The SMS switch is global: while it is on every sign-in needs a code, so this file runs
 * serially and always turns it off again (as admin, which then needs a code itself).
 */
test.describe.serial('SMS code at login', () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin');
    const response = await page.request.post('/api/systemParam/update', { data: { key: 'sms.loginSwitch', value: '1' } });
    expect((await response.json()).code).toBe(200);
    await context.close();
  });

  test.afterAll(async () => {
    await setSmsSwitch(false);
  });

  test('the login page asks for a code, sends one to the account\'s mobile and signs in with it', async ({ page }) => {
    await page.goto('/login');
    const code = page.getByPlaceholder('短信验证码');
    await expect(code).toBeVisible();

    await test.step('asking for a code needs the username first', async () => {
      await page.getByRole('button', { name: '获取验证码' }).click();
      await expect(page.getByText('请输入用户名！')).toBeVisible();
      await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    });

    const mark = smsLogMark();
    await test.step('with a username the code is sent and the 60-second countdown starts', async () => {
      await fillLogin(page, 'renshe');
      await page.getByRole('button', { name: '获取验证码' }).click();
      const countdown = page.getByRole('button', { name: COUNTDOWN_BUTTON });
      await expect(countdown).toHaveText(/^(59|60) 秒$/);
      await expect(countdown).toBeDisabled();
      await expect(page.getByText('验证码已发送至账号绑定的手机')).toBeVisible();
    });

    await test.step('signing in without the code is refused', async () => {
      await loginButton(page).click();
      await expect(page.getByText('请输入验证码！')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('the code from the SMS signs the user in', async () => {
      await code.fill(await lastSmsCode(DEMO_USERS.renshe.mobile, 'LOGIN', mark));
      await loginButton(page).click();
      await expect(page).toHaveURL(/\/admin\/index$/);
      await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.renshe.nickname}` })).toBeVisible();
    });
  });

  test('the server refuses a sign-in without a code or with a wrong one', async ({ page }) => {
    const withoutCode = await apiLogin(page.request, 'guarantee');
    expect(withoutCode.code).toBe(422);
    const wrongCode = await apiLogin(page.request, 'guarantee', undefined, '000000');
    expect(wrongCode.code).toBe(422);
    expect((await page.context().cookies()).some((c) => c.name === 'lbo_session')).toBe(false);
  });
});
