import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { failOnMissingTexts, menuItem, sider, signIn, waitForShell } from './fixtures';

/**
 * The loan query (/admin/home/loan): the administrator searches every case and opens its
 * details, enters an application through '录入申请' and finds it; the reviewer the case went
 * to adds an image and a PDF to it in the detail drawer and views them.
 */

const SEARCH = /查\s*询$/;
const DETAIL = /^(详\s*情|View)$/;
const REVIEWERS: Record<string, string> = { 人社审核员: 'renshe', 人社复核员: 'renshe2', 人社终审员: 'renshe3' };
/** A 1×1 PNG, a minimal PDF, and text that only claims to be a PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NOT_AN_IMAGE = Buffer.from('just some text');

const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const watch = failOnMissingTexts();
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

const selectOf = (scope: Locator, label: string) => scope.locator('.ant-select', { has: scope.page().getByRole('combobox', { name: label }) });

/** Picks an option of a select by its text (again, if a click lands while the options are still loading). */
async function choose(page: Page, scope: Locator, label: string, text: string) {
  await expect(async () => {
    if (!(await option(page, text).isVisible())) await scope.getByRole('combobox', { name: label }).click({ timeout: 2_000 });
    await option(page, text).click({ timeout: 2_000 });
    await expect(selectOf(scope, label)).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A valid resident ID number of Changsha (Furong district), born 1985-1994, a woman. */
function idNumber(): string {
  const born = new Date(Date.UTC(1985 + Math.floor(Math.random() * 10), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)));
  const first17 = `430102${born.toISOString().slice(0, 10).replaceAll('-', '')}${String(Math.floor(Math.random() * 50)).padStart(2, '0')}${[0, 2, 4, 6, 8][Math.floor(Math.random() * 5)]}`;
  return first17 + idCheckDigit(first17);
}

/** Searches the loan query by application number through its search form. */
async function searchNumber(page: Page, number: string): Promise<Locator> {
  await page.getByRole('textbox', { name: '申请编号' }).fill(number);
  await page.getByRole('button', { name: SEARCH }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]number=${number}(&|$)`));
  const found = rows(page).filter({ hasText: number });
  await expect(found).toHaveCount(1);
  await expect(rows(page)).toHaveCount(1);
  return found;
}

async function openDetail(page: Page, row: Locator, number: string): Promise<Locator> {
  await row.getByRole('button', { name: DETAIL }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `申请详情 · ${number}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function openLoanQuery(page: Page) {
  await signIn(page, 'admin');
  await waitForShell(page);
  // The group and its page share the title: the page is the entry inside the opened group.
  const entry = menuItem(sider(page).locator('.ant-menu-sub'), '贷款查询');
  await expect(async () => {
    if (!(await entry.isVisible())) await sider(page).locator('.ant-menu-submenu-title', { hasText: '贷款查询' }).click({ timeout: 2_000 });
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/home\/loan$/);
  await expect(page.locator('.ant-card-head-title')).toHaveText('贷款查询');
  await expect(rows(page).first()).toBeVisible();
}

test.describe('loan query', () => {
  test('the administrator finds a case by its number and opens its details', async ({ page }) => {
    await openLoanQuery(page);
    const number = (await rows(page).first().locator('td').first().innerText()).trim();
    const row = await searchNumber(page, number);
    const drawer = await openDetail(page, row, number);
    await expect(drawer.getByRole('tab', { name: '基本信息' })).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.locator('th.ant-descriptions-item-label', { hasText: /^申请编号$/ }).locator('xpath=following-sibling::td[1]')).toHaveText(number);
    await drawer.getByRole('tab', { name: '审批记录' }).click();
    await expect(rows(drawer).first()).toContainText('提交申请');
  });

  test('an application entered through 录入申请 is found, and its reviewer adds and views an image and a PDF', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await openLoanQuery(page);
    const proposer = { name: '罗晓燕', idNumber: idNumber(), mobile: `135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` };

    const number = await test.step('录入申请: a personal credit loan', async () => {
      await page.getByRole('button', { name: /录入申请/ }).click();
      const dialog = page.getByRole('dialog', { name: '录入贷款申请（个人创业担保贷款）' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: '姓名' }).fill(proposer.name);
      await dialog.getByRole('textbox', { name: '身份证号' }).fill(proposer.idNumber);
      await expect(dialog.getByRole('radio', { name: '女' })).toBeChecked();
      await dialog.getByRole('textbox', { name: '手机号' }).fill(proposer.mobile);
      await dialog.getByRole('textbox', { name: '户籍所在地' }).fill('湖南省长沙市芙蓉区');
      await dialog.getByRole('combobox', { name: '就业类别' }).fill('高校毕业生');
      await dialog.getByRole('spinbutton', { name: '申请金额（元）' }).fill('180000');
      await dialog.getByRole('textbox', { name: '经营名称' }).fill('晓燕花艺工作室');
      await choose(page, dialog, '担保公司', '长沙鑫诚融资担保有限公司');
      await choose(page, dialog, '贷款银行', '中国工商银行长沙分行');
      await expect(selectOf(dialog, '人社部门')).toContainText('长沙市人力资源和社会保障局');
      await dialog.getByRole('button', { name: '提交申请' }).click();
      const done = page.getByText(/^申请已录入，编号 SQ\d+$/);
      await expect(done).toBeVisible();
      await expect(dialog).toBeHidden();
      return (await done.innerText()).replace('申请已录入，编号 ', '');
    });

    const reviewer = await test.step('it is found by its number, at renshe first review', async () => {
      const row = await searchNumber(page, number);
      await expect(row).toContainText(proposer.name);
      await expect(row).toContainText('审核中 · 人社初审');
      await expect(row).toContainText('¥180,000.00');
      const cellTexts = await row.locator('td').allInnerTexts();
      const nickname = cellTexts.find((text) => text in REVIEWERS);
      expect(nickname, 'the case has a renshe reviewer').toBeDefined();
      return REVIEWERS[nickname!]!;
    });

    const context = watch(await browser.newContext());
    const desk = await context.newPage();
    try {
      await signIn(desk, reviewer);
      await desk.goto(`/renshe/renshe-first?number=${number}`);
      const drawer = await openDetail(desk, rows(desk).filter({ hasText: number }), number);
      await drawer.getByRole('tab', { name: '附件' }).click();

      await test.step('an image: uploaded as 身份证, shown as a thumbnail and in the viewer', async () => {
        // Sixteen kinds: the list is searched by name.
        await drawer.getByRole('combobox', { name: '文件类型' }).fill('身份证');
        await option(desk, '身份证').click();
        await drawer.locator('input[type=file]').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG });
        await expect(desk.getByText('已上传 id-card.png')).toBeVisible();
        const thumb = drawer.getByRole('img', { name: '身份证 · id-card.png' });
        await expect(thumb).toBeVisible();
        await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
        await thumb.click();
        const preview = desk.locator('.ant-image-preview-img');
        await expect(preview).toBeVisible();
        await expect(preview).toHaveAttribute('src', /\/api\/upload\/file\?id=\d+$/);
        // Escape closes the viewer alone: the drawer under it stays open.
        await desk.keyboard.press('Escape');
        await expect(preview).toBeHidden();
        await expect(drawer).toBeVisible();
      });

      await test.step('a PDF: listed as a link that answers the file inline', async () => {
        await drawer.getByRole('combobox', { name: '文件类型' }).fill('合同协议');
        await option(desk, '合同协议').click();
        await drawer.locator('input[type=file]').setInputFiles({ name: '担保合同.pdf', mimeType: 'application/pdf', buffer: PDF });
        await expect(desk.getByText('已上传 担保合同.pdf')).toBeVisible();
        const link = drawer.getByRole('link', { name: '担保合同.pdf' });
        await expect(link).toBeVisible();
        const answer = await desk.request.get((await link.getAttribute('href'))!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-type']).toBe('application/pdf');
        expect(answer.headers()['content-disposition']).toMatch(/^inline; /);
        expect(Buffer.from(await answer.body())).toEqual(PDF);
      });

      await test.step('text that claims to be a PNG is refused', async () => {
        await drawer.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: NOT_AN_IMAGE });
        await expect(desk.getByText('只能上传 JPG、PNG 图片或 PDF 文件')).toBeVisible();
        await expect(drawer.locator('img')).toHaveCount(1);
        mkdirSync(join(process.cwd(), '.test-data', 'screenshots'), { recursive: true });
        await desk.screenshot({ path: join(process.cwd(), '.test-data', 'screenshots', 'loan-files-drawer.png') });
      });
    } finally {
      await context.close();
    }
  });
});
