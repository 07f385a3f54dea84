import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, OK_BUTTON, expectTabs, openLogoutDialog, openPage, openFromMenu, chooseUserMenuItem, openUserMenu, sideMenuItem, signInToShell, tabBar } from './fixtures';

const returnToEntry = (page: Page) => page.getByRole('banner').getByRole('button', { name: '返回入口页' });

test.describe('return to the entry page (admin only)', () => {
  test('the admin has it and it goes to the entry page', async ({ page }) => {
    await signInToShell(page, 'admin');
    await openPage(page, '/bank/bank-first', '银行初审');
    await returnToEntry(page).click();
    await expect(page).toHaveURL(/\/admin\/index$/);
    await expect(page.getByRole('heading', { name: `你好，${DEMO_USERS.admin.nickname}` })).toBeVisible();
    await expectTabs(page, ['首页', '银行初审'], '首页');
    // The menu is still there afterwards.
    await expect(sideMenuItem(page, '系统管理')).toBeVisible();
    await openFromMenu(page, '银行审核', '银行复审');
    await expect(page).toHaveURL(/\/bank\/bank-last$/);
  });

  test('the bank reviewer does not have it', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(page.getByRole('button', { name: DEMO_USERS.bank.nickname, exact: true })).toBeVisible();
    await expect(returnToEntry(page)).toHaveCount(0);
    await expect(page.getByText('返回入口页')).toHaveCount(0);
  });
});

test.describe('user menu', () => {
  const { nickname } = DEMO_USERS.bank;

  test('lists 个人中心, 个人设置, 修改密码 and 退出登录', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openUserMenu(page, nickname);
    await expect(page.getByRole('menu').last().getByRole('menuitem')).toHaveText(['个人中心', '个人设置', '修改密码', '退出登录']);
  });

  test('个人中心 opens the account page with the username', async ({ page }) => {
    await signInToShell(page, 'bank');
    await chooseUserMenuItem(page, nickname, '个人中心');
    await expect(page).toHaveURL(/\/account$/);
    const main = page.getByRole('main');
    await expect(main.locator('.ant-card-head-title', { hasText: /^个人中心$/ })).toBeVisible();
    await expect(main.getByRole('row', { name: /用户名/ })).toContainText('bank');
    await expect(main.getByRole('row', { name: /姓名/ })).toContainText(nickname);
    await expectTabs(page, ['首页', '个人中心'], '个人中心');
  });

  test('修改密码 opens the change-password page', async ({ page }) => {
    await signInToShell(page, 'bank');
    await chooseUserMenuItem(page, nickname, '修改密码');
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole('main').locator('.ant-card-head-title', { hasText: /^修改密码$/ })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('原密码')).toBeVisible();
    await expectTabs(page, ['首页', '修改密码'], '修改密码');
  });

  test('个人设置: turning off \'显示标签栏\' hides the tab bar, also after a reload, until it is turned on again', async ({ page }) => {
    await signInToShell(page, 'bank');
    await chooseUserMenuItem(page, nickname, '个人设置');
    const drawer = page.getByRole('dialog', { name: '个人设置' });
    await expect(drawer).toBeVisible();
    const showTabs = drawer.getByRole('switch', { name: '显示标签栏' });
    await expect(showTabs).toBeChecked();
    await expect(tabBar(page)).toBeVisible();

    await showTabs.click();
    await expect(showTabs).not.toBeChecked();
    await expect(tabBar(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: `你好，${nickname}` })).toBeVisible();
    await expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);

    await chooseUserMenuItem(page, nickname, '个人设置');
    await expect(drawer.getByRole('switch', { name: '显示标签栏' })).not.toBeChecked();
    await drawer.getByRole('switch', { name: '显示标签栏' }).click();
    await expect(tabBar(page)).toBeVisible();
    await expectTabs(page, ['首页'], '首页');
    await page.reload();
    await expect(tabBar(page)).toBeVisible();
  });

  test('退出登录 asks first, then goes to the login page', async ({ page }) => {
    await signInToShell(page, 'bank');
    const confirm = await openLogoutDialog(page, nickname);
    await expect(confirm.getByText('确定退出当前账户吗？已打开的标签页和个人设置将被保存。')).toBeVisible();
    await confirm.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
