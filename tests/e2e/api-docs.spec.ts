import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { baseURL, consoleErrors, openPage, resetLanguage, shoot, signInToShell, switchLanguage, waitForShell } from './fixtures';

/** Searches the docs for a call and opens it; answers the open call's panel. */
async function openCall(page: Page, search: RegExp, query: string, path: string) {
  await page.getByRole('textbox', { name: search }).fill(query);
  const header = page.getByRole('button', { name: new RegExp(`/api/${path}\\b`) });
  await expect(header).toBeVisible();
  await header.click();
  return page.locator('.ant-collapse-item-active', { has: header }).last();
}

test.describe('API documentation', () => {
  test.afterAll(async () => {
    await resetLanguage('admin');
  });

  test('anonymous callers get the 401 envelope; a signed-in administrator reads the calls in both languages', async ({ page }) => {
    test.setTimeout(120_000);
    const anonymous = await playwrightRequest.newContext({ baseURL: baseURL() });
    const refused = await anonymous.get('/api/openapi.json');
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, data: null });
    await anonymous.dispose();

    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    const document = await page.request.get('/api/openapi.json');
    expect(document.status()).toBe(200);
    expect((await document.json()).openapi).toMatch(/^3\.1\./);

    await openPage(page, '/api-docs', 'API 文档');
    await expect(page.getByRole('link', { name: /下载 OpenAPI JSON/ })).toHaveAttribute('href', '/api/openapi.json');
    await expect(page.getByText(/显示 \d+ \/ \d+ 个接口/)).toBeVisible();
    const panel = await openCall(page, /^搜索接口$/, 'adminList', 'systemUser/adminList');
    await expect(page.getByText('显示 1 / ')).toBeVisible();
    await expect(panel.getByText('POST /api/systemUser/adminList')).toBeVisible();
    await expect(panel.getByText('GET /api/systemUser/adminList')).toBeVisible();
    await expect(panel.getByText('管理员，或角色拥有以下任一权限的用户：')).toBeVisible();
    await expect(panel.getByText(/页面 用户管理/)).toBeVisible();
    const request = panel.getByRole('region', { name: 'systemUser/adminList 的请求字段' });
    const pageSize = request.getByRole('row', { name: /pageSize/ });
    await expect(pageSize).toContainText('integer | string');
    await expect(pageSize).toContainText('最大值 100');
    await expect(pageSize).toContainText('默认值 10');
    await expect(pageSize).toContainText('也可写作十进制文本');
    await expect(request.getByRole('row', { name: /^state/ })).toContainText('可选值');
    const answer = panel.getByRole('region', { name: 'systemUser/adminList 的应答字段' });
    await expect(answer.getByRole('row', { name: /totalPage/ })).toContainText('integer');
    await expect(panel.getByText('422 输入无效（data.fields）')).toBeVisible();
    await shoot(page, 'api-docs-1440-zh');
    await request.scrollIntoViewIfNeeded();
    await shoot(page, 'api-docs-1440-zh-fields');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'api-docs-375-zh');

    await page.setViewportSize({ width: 1440, height: 900 });
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'API documentation' }).or(page.getByText('API documentation', { exact: true })).first()).toBeVisible();
    const tree = await openCall(page, /^Search calls$/, 'orgTree', 'systemOrganiza/orgTree');
    await expect(tree.getByText('Any signed-in user')).toBeVisible();
    const nodes = tree.getByRole('region', { name: 'Answer fields of systemOrganiza/orgTree' });
    await expect(nodes.getByRole('row', { name: /children/ })).toContainText('the same structure as the enclosing one (recursive)');
    await nodes.scrollIntoViewIfNeeded();
    await shoot(page, 'api-docs-1440-en-fields');
    const workbench = await openCall(page, /^Search calls$/, 'first trial getList', 'businessClubFirstTrial/getList');
    await expect(workbench.getByText(/^Depends on the input field stage: administrators always may/)).toBeVisible();
    await expect(workbench.getByText(/Page Bank first review/)).toBeVisible();
    await expect(workbench.getByRole('region', { name: 'Request fields of businessClubFirstTrial/getList' }).getByRole('row', { name: /^stage/ }))
      .toContainText('Yes');
    await shoot(page, 'api-docs-1440-en');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'api-docs-375-en');
    await workbench.getByRole('region', { name: 'Request fields of businessClubFirstTrial/getList' }).scrollIntoViewIfNeeded();
    await shoot(page, 'api-docs-375-en-fields');

    expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
  });
});
