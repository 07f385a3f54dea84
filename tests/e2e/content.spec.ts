import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { baseURL, consoleErrors, failOnMissingTexts, OK_BUTTON, resetLanguage, rowAction, SERVER_LOG, shoot, signIn, smsLogMark, switchLanguage } from './fixtures';

/**
 * Content and service: an editor writes a notice (heading, list, uploaded image), publishes it,
 * the portal's public call serves it, it is withdrawn and gone; a consultation sent through the
 * public call is answered and its SMS written; screenshots of the three screens and the editor.
 */
const SAVE = /^(保\s*存|Save)$/;
const TITLE = `创业担保贷款政策解读${Date.now().toString(36).slice(-5)}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

interface Envelope<T = unknown> { code: number; message: string; data: T }
/** The portal: a request context without any session. */
const portal = () => playwrightRequest.newContext({ baseURL: baseURL() });
failOnMissingTexts();
const publicCall = async <T>(api: APIRequestContext, path: string, data: object) =>
  (await (await api.post(`/api/${path}`, { data })).json()) as Envelope<T>;

test.describe('content and service', () => {
  test.afterEach(async () => { await resetLanguage('admin'); });

  test('a notice with a heading, a list and an uploaded image is published, served to the public, withdrawn and gone', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = consoleErrors(page);
    await signIn(page, 'admin');
    await page.goto('/information/publish');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /新增信息/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增信息' });
    await dialog.getByLabel('标题', { exact: true }).fill(TITLE);
    await dialog.getByLabel('分类').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('政策解读').click();

    const editor = dialog.getByRole('textbox', { name: '正文' });
    await expect(editor).toBeVisible();
    const toolbar = dialog.getByRole('toolbar', { name: '正文的格式' });
    await editor.click();
    await toolbar.getByRole('button', { name: '标题 2' }).click();
    await page.keyboard.type('申请条件');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: '无序列表' }).click();
    await page.keyboard.type('登记失业人员');
    await page.keyboard.press('Enter');
    await page.keyboard.type('高校毕业生');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    await toolbar.getByRole('button', { name: '图片', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: '插入图片' });
    const chooser = page.waitForEvent('filechooser');
    await imageDialog.getByRole('button', { name: /上传图片/ }).click();
    await (await chooser).setFiles({ name: '流程图.png', mimeType: 'image/png', buffer: PNG });
    await expect(imageDialog.getByLabel('图片地址')).toHaveValue(/^\/api\/ueditor-file\/file\?id=\d+$/);
    await imageDialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(editor.locator('img[src^="/api/ueditor-file/file?id="]')).toBeVisible();
    await expect(editor.locator('h2')).toHaveText('申请条件');
    await expect(editor.locator('ul li')).toHaveCount(2);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'content-editor-1440-zh');

    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog).toBeHidden();
    const row = main.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toContainText('草稿');

    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: '按门户效果预览' });
    await expect(preview.getByRole('heading', { name: '申请条件' })).toBeVisible();
    await expect(preview.locator('img[src^="/api/ueditor-file/file?id="]')).toBeVisible();
    await preview.getByRole('button', { name: /Close|关闭/ }).click();

    await row.getByRole('button', { name: '发布' }).click();
    const publish = page.getByRole('dialog', { name: `发布：${TITLE}` });
    await publish.getByRole('button', { name: /^发\s*布$/ }).click();
    await expect(publish).toBeHidden();
    await expect(row).toContainText('已发布');

    const api = await portal();
    try {
      const list = await publicCall<{ list: { id: number; title: string }[] }>(api, 'mobile/public/businessIssueInfo/list', { pageSize: 30 });
      const listed = list.data.list.find((n) => n.title === TITLE);
      expect(listed).toBeTruthy();
      const one = await publicCall<{ body: string }>(api, 'mobile/public/businessIssueInfo/get', { id: listed!.id });
      expect(one.data.body).toMatch(/^<h2>申请条件<\/h2><ul><li><p>登记失业人员<\/p><\/li><li><p>高校毕业生<\/p><\/li><\/ul>/);
      const src = /<img src="([^"]+)"/.exec(one.data.body)?.[1];
      expect(src).toMatch(/^\/api\/ueditor-file\/file\?id=\d+$/);
      const image = await api.get(src!);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');

      await rowAction(row, '撤回');
      await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
      await expect(row).toContainText('已撤回');
      const after = await publicCall<{ list: { title: string }[] }>(api, 'mobile/public/businessIssueInfo/list', { pageSize: 30 });
      expect(after.data.list.map((n) => n.title)).not.toContain(TITLE);
      expect((await publicCall(api, 'mobile/public/businessIssueInfo/get', { id: listed!.id })).code).toBe(404);
      expect((await api.get(src!)).status()).toBe(404);
    } finally {
      await api.dispose();
    }
    expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
  });

  test('a consultation sent through the public call is answered, and the asker\'s SMS is written', async ({ page }) => {
    const mobile = `137${Date.now().toString().slice(-8)}`;
    const api = await portal();
    let id: number;
    try {
      const sent = await publicCall<{ id: number }>(api, 'mobile/public/businssConsult/add', { name: '李四', mobile, category: 'APPLY', content: '申请需要准备哪些材料？' });
      expect(sent.code, sent.message).toBe(200);
      id = sent.data.id;
      const bad = await publicCall<{ fields: Record<string, string> }>(api, 'mobile/public/businssConsult/add', { name: '', mobile: '123', category: 'APPLY', content: '' });
      expect(bad.code).toBe(422);
    } finally {
      await api.dispose();
    }
    const mark = smsLogMark();
    await signIn(page, 'admin');
    await page.goto('/consult/index?state=PENDING');
    const main = page.getByRole('main');
    const row = main.getByRole('row', { name: /申请需要准备哪些材料/ }).filter({ hasText: `${mobile.slice(0, 3)}****${mobile.slice(7)}` });
    await expect(row).toContainText('待回复');
    await row.getByRole('button', { name: '回复' }).click();
    const dialog = page.getByRole('dialog', { name: `回复第 ${id!} 号咨询` });
    await dialog.getByLabel('回复内容').fill('请准备身份证、户口簿和营业执照。');
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/consult/index');
    const answered = main.getByRole('row', { name: /申请需要准备哪些材料/ }).filter({ hasText: `${mobile.slice(0, 3)}****${mobile.slice(7)}` });
    await expect(answered).toContainText('已回复');
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    await expect.poll(() => readFileSync(SERVER_LOG).subarray(mark).toString('utf8'))
      .toContain(`[sms] demo mode: CONSULT_ANSWERED to ${masked}: 【创业担保贷款】尊敬的李四，您提交的第 ${id!} 号咨询已回复`);
  });

  test('screenshots of the three screens and the editor, in Chinese and English, at 1440 and 375 px', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = consoleErrors(page);
    await signIn(page, 'admin');
    for (const language of ['zh', 'en'] as const) {
      if (language === 'en') await switchLanguage(page, '简体中文', 'English');
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
        for (const [name, path] of [['notice', '/information/publish'], ['help', '/help-model'], ['consult', '/consult/index']] as const) {
          await page.goto(path);
          await expect(page.getByRole('main').getByRole('table')).toBeVisible();
          await shoot(page, `content-${name}-${width}-${language}`);
        }
        await page.goto('/help-model');
        await page.getByRole('main').getByRole('button', { name: /(新增模板|New template)$/ }).click();
        const dialog = page.getByRole('dialog', { name: /^(新增模板|New template)$/ });
        await expect(dialog.getByRole('textbox', { name: /^(正文|Body)$/ })).toBeVisible();
        await shoot(page, `content-editor-${width}-${language}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
  });
});
