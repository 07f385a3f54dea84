import { expect, test } from '@playwright/test';
import { expectTabs, holdLaterScripts, openFromMenu, openUserMenu, partsHydrated, SHELL_PARTS, sider, sideMenuEntries, sideMenuItem, signInToShell, waitForShell, withBadges } from './fixtures';

/** The admin's top-level groups, in menu order (lib/routes.ts), by header group. */
const BUSINESS = ['人社审核', '担保审核', '银行审核', '贷后管理', '贷款查询'];
const SETTING = ['数据管理', '模型设置', '资源配置', '业务配置', '系统管理', '监控统计'];
const OPERATION = ['运营管理'];
const ALL = [...BUSINESS, ...SETTING, ...OPERATION];
const BANK_PAGES = ['银行初审', '银行复审', '银行转账', '银行统计'];

test.describe('side menu', () => {
  test('the admin sees every top-level group', async ({ page }) => {
    await signInToShell(page, 'admin');
    // On the entry page no group is open: the entries shown are exactly the groups.
    await expect(sideMenuEntries(page)).toHaveText(ALL);
  });

  test('the bank reviewer sees only the bank group and its four pages, and the post-loan ledger', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(sideMenuEntries(page)).toHaveText(['银行审核', '贷后管理']);
    await sideMenuItem(page, '银行审核').click();
    await expect(sideMenuEntries(page)).toHaveText(withBadges(['银行审核', ...BANK_PAGES, '贷后管理']));
    for (const other of ALL.filter((group) => group !== '银行审核' && group !== '贷后管理')) {
      await expect(sider(page).getByText(other, { exact: true })).toHaveCount(0);
    }
  });

  test('clicking an entry opens its page in a tab and selects the entry', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openFromMenu(page, '银行审核', '银行复审');
    await expect(page).toHaveURL(/\/bank\/bank-last$/);
    await expect(page.getByRole('main').getByText('银行复审', { exact: true }).first()).toBeVisible();
    await expectTabs(page, ['首页', '银行复审'], '银行复审');
    // antd marks the selected entry only with a class.
    await expect(sideMenuItem(page, '银行复审')).toHaveClass(/ant-menu-item-selected/);
    await expect(sideMenuItem(page, '银行初审')).not.toHaveClass(/ant-menu-item-selected/);

    await sideMenuItem(page, '银行统计').click();
    await expect(page).toHaveURL(/\/bank\/bank-statistics$/);
    await expect(sideMenuItem(page, '银行统计')).toHaveClass(/ant-menu-item-selected/);
    await expect(sideMenuItem(page, '银行复审')).not.toHaveClass(/ant-menu-item-selected/);
    await expectTabs(page, ['首页', '银行复审', '银行统计'], '银行统计');
  });

  test('one group open at a time: opening a group closes the one open before; a page opens its own group', async ({ page }) => {
    await signInToShell(page, 'admin');
    await sideMenuItem(page, '人社审核').click();
    await expect(sideMenuItem(page, '人社初审')).toBeVisible();
    await sideMenuItem(page, '担保审核').click();
    await expect(sideMenuItem(page, '担保初审')).toBeVisible();
    await expect(sideMenuItem(page, '人社初审')).toBeHidden();
    await page.goto('/bank/bank-first');
    await waitForShell(page);
    await expect(sideMenuItem(page, '银行复审')).toBeVisible();
    await expect(sideMenuItem(page, '担保初审')).toBeHidden();
  });

  test('the header\'s top menu filters the side menu by group', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInToShell(page, 'admin');
    const topMenu = page.getByRole('banner').getByRole('menu');
    await expect(topMenu.getByRole('menuitem')).toHaveText(['全部', '审批业务', '系统设置', '运营管理']);

    await topMenu.getByRole('menuitem', { name: '审批业务' }).click();
    await expect(sideMenuEntries(page)).toHaveText(BUSINESS);
    await topMenu.getByRole('menuitem', { name: '系统设置' }).click();
    await expect(sideMenuEntries(page)).toHaveText(SETTING);
    await topMenu.getByRole('menuitem', { name: '运营管理' }).click();
    await expect(sideMenuEntries(page)).toHaveText(OPERATION);
    await topMenu.getByRole('menuitem', { name: '全部' }).click();
    await expect(sideMenuEntries(page)).toHaveText(ALL);
  });

  test('the four groups fit in the header from 1024 px up, with no \'…\' entry', async ({ page }) => {
    await signInToShell(page, 'admin');
    const topMenu = page.getByRole('banner').getByRole('menu');
    for (const width of [1920, 1366, 1280, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      await expect(topMenu.getByRole('menuitem').filter({ visible: true })).toHaveText(['全部', '审批业务', '系统设置', '运营管理']);
      await expect(topMenu.getByRole('menuitem', { name: 'ellipsis' })).toBeHidden();
    }
  });

  test('on the narrowest desktop the groups that do not fit in the top menu are under its \'…\' entry', async ({ page }) => {
    await page.setViewportSize({ width: 993, height: 720 });
    await signInToShell(page, 'admin');
    const topMenu = page.getByRole('banner').getByRole('menu');
    const more = topMenu.getByRole('menuitem', { name: 'ellipsis' });
    await expect(more).toBeVisible();
    // The popup's entry (the folded original stays in the bar, hidden).
    const operations = page.getByRole('menuitem', { name: '运营管理', exact: true }).filter({ visible: true });
    // A hover popup may close again while a slow machine moves the pointer into it: try again.
    await expect(async () => {
      await more.hover({ timeout: 2_000 });
      await operations.click({ timeout: 2_000 });
      await expect(sideMenuEntries(page)).toHaveText(OPERATION, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  test('a user whose groups are all of one header group has no top menu', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(sideMenuEntries(page)).toHaveText(['银行审核', '贷后管理']);
    await expect(page.getByRole('banner').getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('menuitem', { name: '全部' })).toHaveCount(0);
  });

  test('the collapse button narrows the side menu to 80 px, remembered after a reload, and expands it back to 256 px', async ({ page }) => {
    await signInToShell(page, 'admin');
    const width = async () => (await sider(page).boundingBox())?.width;
    await expect.poll(width).toBe(256);

    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(width).toBe(80);
    await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
    await expect.poll(width).toBe(80);

    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(width).toBe(256);
    await expect(page.getByRole('button', { name: '收起菜单' })).toBeVisible();
    await page.reload();
    await expect.poll(width).toBe(256);
  });
});

test.describe('the shell\'s parts load after the page', () => {
  test('the server draws the side menu, header and tab bar; they stay in place while their code comes, then work, a click made before it came included', async ({ page }) => {
    await signInToShell(page, 'admin');
    // The code the page loads after its first load comes a second late.
    const url = '/admin/home/loan';
    const held = await holdLaterScripts(page, url, 1000);
    await page.goto(url, { waitUntil: 'commit' });
    const isHydrated = (selector: string) => page.evaluate(partsHydrated, selector);
    // The page hydrates (its content's frame) while the parts' code is still held back: they are
    // the server's markup, the menu's entries already there.
    await expect.poll(() => isHydrated('#main-content')).toBe(true);
    expect(await isHydrated('.ant-layout-sider .ant-menu')).toBe(false);
    expect(await isHydrated('.ant-tabs')).toBe(false);
    await expect(sideMenuItem(page, '人社审核')).toBeVisible();
    await expect(page.getByRole('banner').getByText('系统管理员')).toBeVisible();
    await page.evaluate((parts) => { (window as unknown as { serverParts: Element[] }).serverParts = [...document.querySelectorAll(parts)]; }, SHELL_PARTS);
    // A click on a group now finds no code to open it: it is made again once the menu has hydrated.
    await sideMenuItem(page, '人社审核').click();

    await waitForShell(page);
    expect(held()).toBeGreaterThan(0);
    // Hydrated in place: the elements the server drew are on the page still (React drew none
    // afresh; the menu search's box may have added its clear button since).
    expect(await page.evaluate((parts) => {
      const before = (window as unknown as { serverParts: Element[] }).serverParts;
      const now = [...document.querySelectorAll(parts)];
      return before.length > 2 && before.every((element) => element.isConnected && now.includes(element));
    }, SHELL_PARTS)).toBe(true);
    // The group clicked before is open; and the parts work: the user menu drops down.
    await expect(sideMenuEntries(page)).toContainText([/人社初审/]);
    await openUserMenu(page, '系统管理员');
  });
});
