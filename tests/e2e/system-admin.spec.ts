import { expect, test, type Locator, type Page } from '@playwright/test';
import { failOnMissingTexts, OK_BUTTON, rowAction, signIn } from './fixtures';

const SAVE = /^(保\s*存|Save)$/;
const suffix = Date.now().toString(36).slice(-5);
const ORG = `测试支行${suffix}`;
const ROLE = `查询员${suffix}`;
const USERNAME = `clerk${suffix}`;
const PASSWORD = 'Passw0rd1';
const watch = failOnMissingTexts();

/** Picks an entry of an antd (tree) select opened by clicking `field`. */
async function pick(page: Page, field: Locator, title: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
}

/** Checks a node of the authorization tree. */
const checkNode = (dialog: Locator, title: string) =>
  dialog.getByRole('treeitem').filter({ has: dialog.page().getByTitle(title, { exact: true }) }).first().locator('.ant-tree-checkbox').click();

test('an administrator sets up an organisation, a role and a user; the user gets exactly those grants and loses the session when disabled', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = watch(await browser.newContext());
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');

  await test.step('the organisation', async () => {
    await admin.goto('/admin/setting/system/organiza');
    await admin.getByRole('button', { name: /新增机构/ }).click();
    const dialog = admin.getByRole('dialog', { name: '新增机构' });
    await pick(admin, dialog.getByLabel('上级机构'), '长沙市创业担保贷款服务中心');
    await dialog.getByLabel('机构名称').fill(ORG);
    await pick(admin, dialog.getByLabel('机构类型'), '银行');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    await admin.getByRole('row', { name: /长沙市创业担保贷款服务中心/ }).locator('.ant-table-row-expand-icon').click();
    await expect(admin.getByRole('cell', { name: ORG })).toBeVisible();
  });

  await test.step('the role, granted 配偶信息 and the 用户管理 page (no buttons)', async () => {
    await admin.goto('/admin/setting/system/role');
    await admin.getByRole('button', { name: /新增角色/ }).click();
    const dialog = admin.getByRole('dialog', { name: '新增角色' });
    await dialog.getByLabel('角色名称（中文）').fill(ROLE);
    await dialog.getByRole('button', { name: SAVE }).click();
    const row = admin.getByRole('row', { name: new RegExp(ROLE) });
    await row.getByRole('button', { name: /^授\s*权$/ }).click();
    const tree = admin.getByRole('dialog', { name: `为角色 ${ROLE} 授权` });
    await checkNode(tree, '配偶信息');
    await checkNode(tree, '用户管理');
    await tree.getByRole('button', { name: OK_BUTTON }).click();
    await expect(tree).toBeHidden();
    await expect(row.getByRole('cell').nth(3)).toHaveText('4'); // the two pages and their two groups
  });

  await test.step('the user in that organisation, with the role', async () => {
    await admin.goto('/admin/setting/system/user');
    await admin.getByRole('button', { name: /新增用户/ }).click();
    const dialog = admin.getByRole('dialog', { name: '新增用户' });
    await dialog.getByLabel('用户名').fill(USERNAME);
    await dialog.getByLabel('姓名').fill('测试职员');
    await dialog.getByLabel('手机号').fill(`139${Date.now().toString().slice(-8)}`);
    await pick(admin, dialog.getByLabel('所属机构'), ORG);
    await dialog.getByLabel('初始密码').fill(PASSWORD);
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    const row = admin.getByRole('row', { name: new RegExp(USERNAME) });
    await rowAction(row, /分配角色/);
    const confer = admin.getByRole('dialog', { name: /分配角色/ });
    await pick(admin, confer.getByLabel('角色'), ROLE);
    await confer.getByText('为 测试职员 分配角色').click(); // leave the multiple select: its list closes
    await expect(confer.getByText(ROLE)).toBeVisible();
    const conferred = admin.waitForResponse('**/api/systemUser/confer');
    await confer.getByRole('button', { name: OK_BUTTON }).click();
    expect((await (await conferred).json()).code).toBe(200);
    await expect(row).toContainText(ROLE);
  });

  const userContext = watch(await browser.newContext());
  const user = await userContext.newPage();
  await test.step('the user sees exactly the granted menus and no buttons', async () => {
    await signIn(user, USERNAME, PASSWORD);
    const menu = user.locator('.ant-layout-sider');
    await expect(menu.getByText('贷款查询')).toBeVisible();
    await expect(menu.getByText('系统管理')).toBeVisible();
    for (const other of ['人社审核', '银行审核', '数据管理']) await expect(menu.getByText(other)).toHaveCount(0);
    await user.goto('/admin/setting/system/user');
    await expect(user.getByRole('cell', { name: USERNAME })).toBeVisible();
    await expect(user.getByRole('button', { name: /新增用户/ })).toHaveCount(0);
    await expect(user.getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);
  });

  await test.step('and is refused outside them: a page goes to 403, a call gets 403', async () => {
    await user.goto('/admin/setting/system/role');
    await expect(user).toHaveURL(/\/403$/);
    const answer = await (await user.request.post('/api/role/roleList', { data: { pageNum: 1, pageSize: 10 } })).json();
    expect(answer.code).toBe(403);
    const create = await (await user.request.post('/api/systemUser/saveOrUpdate', { data: { username: 'x1', nickname: 'x', mobile: '13912345678', orgId: 1 } })).json();
    expect(create.code).toBe(403);
  });

  await test.step('a new grant reaches the signed-in user within one message poll', async () => {
    await user.goto('/admin/index');
    await admin.goto('/admin/setting/system/role');
    await admin.getByRole('row', { name: new RegExp(ROLE) }).getByRole('button', { name: /^授\s*权$/ }).click();
    const tree = admin.getByRole('dialog', { name: `为角色 ${ROLE} 授权` });
    await checkNode(tree, '银行初审');
    await tree.getByRole('button', { name: OK_BUTTON }).click();
    await expect(tree).toBeHidden();
    await expect(user.locator('.ant-layout-sider').getByText('银行审核')).toBeVisible({ timeout: 25_000 });
  });

  await test.step('disabling the user ends the session at once', async () => {
    await admin.goto('/admin/setting/system/user');
    await admin.getByRole('row', { name: new RegExp(USERNAME) }).getByRole('button', { name: /^停\s*用$/ }).click();
    await admin.getByRole('button', { name: OK_BUTTON }).click();
    await expect(admin.getByRole('row', { name: new RegExp(USERNAME) })).toContainText('停用');
    await user.reload();
    await expect(user).toHaveURL(/\/login\?timeout=1/);
  });
  await adminContext.close();
  await userContext.close();
});
