import { expect, test } from '@playwright/test';
import { COUNTDOWN_BUTTON, REGISTER_BUTTON, lastSmsCode, logOut, newAccount, signIn, smsLogMark } from './fixtures';

test.describe('registration', () => {
  test('the fields are validated on change', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: '注册', exact: true })).toBeVisible();
    const mail = page.getByPlaceholder('邮箱');
    const mobile = page.getByPlaceholder('手机号');
    const captcha = page.getByPlaceholder('验证码', { exact: true });

    await mail.fill('someone');
    await expect(page.getByText('邮箱格式不正确！')).toBeVisible();
    await mail.fill('');
    await expect(page.getByText('请输入邮箱！')).toBeVisible();
    await mail.fill('someone@example.com');
    await expect(page.getByText('请输入邮箱！')).toHaveCount(0);
    await expect(page.getByText('邮箱格式不正确！')).toHaveCount(0);

    await mobile.fill('1380000');
    await expect(page.getByText('手机号格式不正确！')).toBeVisible();
    await mobile.fill('23800000000');
    await expect(page.getByText('手机号格式不正确！')).toBeVisible();
    await mobile.fill('');
    await expect(page.getByText('请输入手机号！')).toBeVisible();
    await mobile.fill('13912345678');
    await expect(page.getByText('请输入手机号！')).toHaveCount(0);
    await expect(page.getByText('手机号格式不正确！')).toHaveCount(0);

    await captcha.fill('1');
    await captcha.fill('');
    await expect(page.getByText('请输入验证码！')).toBeVisible();

    // SPEC.md section 5: an empty password reads 'Please enter password!', never the change-password text.
    const password = page.getByPlaceholder('密码（8-20 位字母和数字）');
    const confirm = page.getByPlaceholder('确认密码');
    await password.fill('a');
    await password.fill('');
    await confirm.fill('a');
    await confirm.fill('');
    await expect(password).toHaveAccessibleDescription('请输入密码！');
    await expect(confirm).toHaveAccessibleDescription('请输入密码！');
    await expect(page.getByText('请输入新密码！')).toHaveCount(0);
  });

  test('asking for a captcha without a valid mobile shows the mobile message and sends nothing', async ({ page }) => {
    await page.goto('/register');
    let sent = 0;
    page.on('request', (r) => { if (r.url().includes('/api/admin/sendSms')) sent += 1; });
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入手机号！')).toBeVisible();
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(sent).toBe(0);
  });

  test('a new user registers, sees the result page, and signs in with the mail later', async ({ page }) => {
    const account = newAccount();
    await page.goto('/register');
    await page.getByPlaceholder('邮箱').fill(account.mail);
    await page.getByPlaceholder('密码（8-20 位字母和数字）').fill(account.password);
    await page.getByPlaceholder('确认密码').fill(account.password);
    await page.getByPlaceholder('手机号').fill(account.mobile);

    const mark = smsLogMark();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const countdown = page.getByRole('button', { name: COUNTDOWN_BUTTON });
    await expect(countdown).toHaveText(/^(59|60) 秒$/);
    await expect(countdown).toBeDisabled();
    await expect(page.getByText('验证码已发送')).toBeVisible();

    await page.getByPlaceholder('验证码', { exact: true }).fill(await lastSmsCode(account.mobile, 'REGISTER', mark));
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();

    await expect(page).toHaveURL(/\/register\/result$/);
    await expect(page.getByRole('heading', { name: '注册结果' })).toBeVisible();
    await expect(page.getByText(`你的账户：${account.mail} 注册成功`)).toBeVisible();

    // The new user is signed in: the entry page greets them (they have no pages yet).
    await page.getByRole('link', { name: '进入首页' }).click();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await expect(page.getByRole('heading', { name: `你好，${account.nickname}` })).toBeVisible();
    await expect(page.getByText('你还没有可以打开的页面，请联系管理员分配角色。')).toBeVisible();

    await logOut(page, account.nickname);
    await signIn(page, account.mail, account.password);
    await expect(page.getByRole('heading', { name: `你好，${account.nickname}` })).toBeVisible();
  });

  test('a wrong captcha is refused on the captcha field', async ({ page }) => {
    const account = newAccount();
    await page.goto('/register');
    await page.getByPlaceholder('邮箱').fill(account.mail);
    await page.getByPlaceholder('密码（8-20 位字母和数字）').fill(account.password);
    await page.getByPlaceholder('确认密码').fill(account.password);
    await page.getByPlaceholder('手机号').fill(account.mobile);
    const mark = smsLogMark();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await lastSmsCode(account.mobile, 'REGISTER', mark);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByPlaceholder('验证码', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(page.getByText('验证码不正确！').first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});
