import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, adminApi, call, resetLanguage, signIn, switchLanguage } from './fixtures';

const SAVE = /^(保\s*存|Save)$/;
const FLOW = `测试流程${Date.now().toString(36).slice(-5)}`;
const SEEDED_PERSON_FLOW = '个人创业担保贷款';

interface FlowRow { id: number; name: string; description: string; state: string; version: number; borrowerType: string }

/** Enables the seeded personal-loan flow again (through the API), whatever the test left enabled. */
async function restoreSeededFlow(api: APIRequestContext) {
  const list = await call<{ list: FlowRow[] }>(api, 'approvalModule/getList', { pageNum: 1, pageSize: 30, borrowerType: 'PERSON' });
  const seeded = list.data.list.find((m) => m.name === SEEDED_PERSON_FLOW)!;
  if (seeded.state !== 'ENABLED') {
    const res = await call(api, 'approvalModule/update', { id: seeded.id, version: seeded.version, name: seeded.name, description: seeded.description, state: 'ENABLED' });
    expect(res.code, res.message).toBe(200);
  }
  for (const test of list.data.list.filter((m) => m.name === FLOW)) {
    const fresh = (await call<{ list: FlowRow[] }>(api, 'approvalModule/getList', { pageNum: 1, pageSize: 30, name: test.name })).data.list[0];
    if (fresh) await call(api, 'approvalModule/del', { id: fresh.id, version: fresh.version });
  }
}

/** Picks an option of an antd select opened by clicking `field`. */
async function pick(page: Page, field: Locator, title: string | RegExp) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(title).first().click();
}

const nodeRows = (drawer: Locator) => drawer.locator('tbody tr.ant-table-row');
const stagesIn = (drawer: Locator) => nodeRows(drawer).locator('td:nth-child(2)');

test.describe('flow configuration', () => {
  test.afterAll(async () => {
    const api = await adminApi();
    await restoreSeededFlow(api);
    await api.dispose();
  });

  test('the administrator builds a flow: nodes with people, the order by button and by dragging, a deletion, then enables it', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await page.goto('/admin/setting/resources/business-flow');
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('row', { name: new RegExp(SEEDED_PERSON_FLOW) })).toContainText('启用');

    await page.getByRole('button', { name: /新增流程/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增流程' });
    await dialog.getByLabel('流程名称').fill(FLOW);
    await pick(page, dialog.getByLabel('借款人类型'), '个人');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(FLOW) });
    await expect(row).toContainText('停用');

    await row.getByRole('button', { name: /审核节点/ }).click();
    const drawer = page.getByRole('dialog', { name: `审核节点：${FLOW}` });
    await expect(drawer.getByText('还没有审核节点，请新增')).toBeVisible();
    for (const [stage, person] of [['人社初审', '人社审核员'], ['人社复审', '人社审核员'], ['银行初审', '银行审核员']] as const) {
      await drawer.getByRole('button', { name: /新增节点/ }).click();
      const form = page.getByRole('dialog', { name: '新增节点' });
      await pick(page, form.getByLabel('审核环节'), stage);
      await pick(page, form.getByLabel('办理人'), new RegExp(`^${person}`));
      await form.locator('.ant-modal-title').click(); // leaves the multiple select: its list closes
      await form.getByRole('button', { name: OK_BUTTON }).click();
      await expect(form).toBeHidden();
    }
    await expect(stagesIn(drawer)).toHaveText(['人社初审', '人社复审', '银行初审']);
    await expect(nodeRows(drawer).nth(2)).toContainText('银行审核员');
    await expect(nodeRows(drawer).nth(2)).toContainText('5 个工作日（系统默认）');

    // Keyboard-reachable buttons move a node...
    await drawer.getByRole('button', { name: '上移 银行初审' }).click();
    await expect(stagesIn(drawer)).toHaveText(['人社初审', '银行初审', '人社复审']);
    // ...and so does dragging a row.
    await nodeRows(drawer).nth(2).dragTo(nodeRows(drawer).nth(0));
    await expect(stagesIn(drawer)).toHaveText(['人社复审', '人社初审', '银行初审']);

    // A node of its own limit.
    await drawer.getByRole('button', { name: '编辑节点 银行初审' }).click();
    const edit = page.getByRole('dialog', { name: '编辑节点 · 银行初审' });
    await edit.getByLabel('节点时限').fill('7');
    await edit.getByRole('button', { name: OK_BUTTON }).click();
    await expect(nodeRows(drawer).nth(2)).toContainText('7 个工作日');

    await drawer.getByRole('button', { name: '删除节点 人社复审' }).click();
    await page.getByRole('dialog', { name: '删除审核节点' }).getByRole('button', { name: OK_BUTTON }).click();
    await expect(stagesIn(drawer)).toHaveText(['人社初审', '银行初审']);
    await drawer.getByRole('button', { name: /Close|关闭/ }).first().click();
    await expect(row).toContainText('2');

    await row.getByRole('button', { name: /^启\s*用$/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确定启用该流程吗' }).getByRole('button', { name: OK_BUTTON }).click();
    await expect(row).toContainText('启用');
    await expect(table.getByRole('row', { name: new RegExp(SEEDED_PERSON_FLOW) })).toContainText('停用');
  });

  test('a node still holding cases cannot be deleted, and the page says why', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/setting/resources/business-flow?name=${encodeURIComponent('小微企业')}`);
    await page.getByRole('main').getByRole('row', { name: /小微企业创业担保贷款/ }).getByRole('button', { name: /审核节点/ }).click();
    const drawer = page.getByRole('dialog', { name: /^审核节点：小微企业创业担保贷款$/ });
    await expect(stagesIn(drawer)).toHaveCount(9);
    await drawer.getByRole('button', { name: '删除节点 银行初审' }).click();
    await page.getByRole('dialog', { name: '删除审核节点' }).getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText(/该节点还有 \d+ 笔待办申请，不能删除/)).toBeVisible();
    await expect(stagesIn(drawer)).toHaveCount(9);
  });

  test('the time-out settings list every stage; a changed limit shows at once; in English too', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/setting/business/overtime');
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(10); // the header and nine stages
    const row = table.getByRole('row', { name: /人社复审/ });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑超时配置' });
    await dialog.getByLabel('办理时限（工作日）').fill('61');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog.getByText('办理时限应为 1 至 60 个工作日')).toBeVisible();
    await dialog.getByLabel('办理时限（工作日）').fill('4');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toHaveText('4');

    try {
      await switchLanguage(page, '简体中文', 'English');
      await expect(page.getByRole('main').getByRole('columnheader', { name: 'Time limit (working days)' })).toBeVisible();
      await expect(table.getByRole('row', { name: /Renshe second review/ }).getByRole('cell').nth(1)).toHaveText('4');
      await page.goto('/admin/setting/resources/business-flow');
      await expect(page.getByRole('main').getByRole('columnheader', { name: 'Applications under way' })).toBeVisible();
    } finally {
      await resetLanguage('admin');
      const api = await adminApi();
      const list = await call<{ list: { stage: string; version: number }[] }>(api, 'systemOvertimeConfig/list', { pageNum: 1, pageSize: 30, stage: 'RS_SECOND' });
      await call(api, 'systemOvertimeConfig/update', { stage: 'RS_SECOND', days: 3, remind: true, version: list.data.list[0]!.version });
      await api.dispose();
    }
  });
});
