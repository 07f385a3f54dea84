import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MENU_PAGES } from '@/lib/routes';
import { call, failOnMissingTexts, openPage, resetLanguage, rowAction, settle, signInToShell, switchLanguage, waitForShell } from '../e2e/fixtures';

/**
 * Every real screen at 1440 and 375 px, in Chinese and in English, for a person to look at:
 * the menu's pages, the login and 404 pages, the entry page as an administrator and as a
 * reviewer, the detail drawer and a form dialog, and the dialogs and drawer tabs that draw antd
 * components with sheets of their own (lib/antd-sheets.ts: radios, an upload, a tree, a
 * cascader, steps). Also lists, per screen, tables that scroll sideways at 1440 px and buttons
 * whose label wraps (.test-data/screens/report.json). A screen
 * showing a text it was not given fails its test (lib/client-messages.ts).
 */
const DIR = join(process.cwd(), '.test-data', 'screens');
const SESSION_PAGES = ['/admin/index', '/log', '/account', '/account/password', '/i18n', '/api-docs'];
type Language = 'zh' | 'en';
const slug = (path: string) => path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root';
const findings: Record<string, string[]> = {};
/** SCREENS=statistics,report shoots only the pages whose path holds one of the words. */
const only = process.env.SCREENS?.split(',').filter(Boolean);
const chosen = (path: string) => !only || only.some((word) => path.includes(word));
const watch = failOnMissingTexts();

/** Tables wider than their box, and buttons or tags whose text wraps or is cut. */
async function defects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((el, i) => {
      if (el.offsetParent && el.scrollWidth - el.clientWidth > 0) found.push(`table ${i} overflows by ${el.scrollWidth - el.clientWidth}px`);
    });
    document.querySelectorAll<HTMLElement>('button, .ant-tag').forEach((el) => {
      if (!el.offsetParent) return;
      const text = el.textContent.trim();
      if (!text) return;
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || 22;
      if (el.clientHeight > line * 1.8 + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)) found.push(`wraps: ${el.tagName.toLowerCase()} "${text.slice(0, 30)}"`);
      if (el.scrollWidth > el.clientWidth + 1) found.push(`cut: ${el.tagName.toLowerCase()} "${text.slice(0, 30)}"`);
    });
    document.querySelectorAll<HTMLElement>('.ant-table-cell .ant-tag').forEach((el) => {
      const cell = el.closest<HTMLElement>('.ant-table-cell')!;
      const box = cell.getBoundingClientRect(), tag = el.getBoundingClientRect();
      if (tag.right > box.right - 4) found.push(`tag cut by its column: "${el.textContent.trim()}"`);
    });
    document.querySelectorAll<HTMLElement>('.ant-table-thead th').forEach((el) => {
      // The text's own width against the cell's inner box (a fixed column's shadow adds to scrollWidth but cuts nothing).
      const title = el.querySelector<HTMLElement>('.ant-table-column-title') ?? el;
      const range = document.createRange();
      range.selectNodeContents(title);
      const style = getComputedStyle(title);
      const inner = title.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (range.getBoundingClientRect().width > inner + 1) found.push(`header cut: "${el.textContent.trim()}"`);
    });
    return [...new Set(found)];
  });
}

async function shoot(page: Page, name: string, widths: number[] = [1440, 375]) {
  mkdirSync(DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(width === 375 ? 500 : 200);
    await settle(page);
    if (width === 1440) {
      const list = await defects(page);
      if (list.length) findings[name] = list;
    }
    await page.screenshot({ path: join(DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function toEnglish(page: Page) {
  await switchLanguage(page, '简体中文', 'English');
  await waitForShell(page);
}

test.afterAll(async () => {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'report.json'), JSON.stringify(findings, null, 2));
  await resetLanguage('admin');
  await resetLanguage('renshe');
});

for (const language of ['zh', 'en'] as Language[]) {
  test(`signed out (${language})`, async ({ browser }) => {
    const context = watch(await browser.newContext({ locale: language === 'zh' ? 'zh-CN' : 'en-US', viewport: { width: 1440, height: 900 } }));
    const page = await context.newPage();
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await shoot(page, `${language}-${slug(path)}`);
    }
    await context.close();
  });

  test(`administrator, every screen (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    if (language === 'en') await toEnglish(page);
    for (const path of [...SESSION_PAGES, ...MENU_PAGES, '/admin/no-such-page'].filter(chosen)) {
      await page.goto(path);
      await expect(page.locator('main, form').first()).toBeVisible();
      await shoot(page, `${language}-admin-${slug(path)}`);
    }
    // A form dialog: 新增用户.
    await openPage(page, '/admin/setting/system/user', language === 'zh' ? '用户管理' : 'Users');
    await page.getByRole('button', { name: /新增用户|Add user/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, `${language}-dialog-user`);
    await page.keyboard.press('Escape');
    // The detail drawer of a case.
    await openPage(page, '/admin/home/loan', language === 'zh' ? '贷款查询' : 'Loan query');
    await page.locator('.ant-table-tbody').getByRole('button', { name: /^(详\s*情|View)$/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await shoot(page, `${language}-drawer`);
  });

  test(`administrator, dialogs with components of their own (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    if (language === 'en') await toEnglish(page);
    const zh = language === 'zh';
    const dialog = async (open: () => Promise<void>, name: string) => {
      await open();
      await expect(page.getByRole('dialog').last()).toBeVisible();
      await settle(page);
      await shoot(page, `${language}-dialog-${name}`, [1440]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };
    const inRow = (name: RegExp) => () => rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), name);
    // Radios (roles), an upload (import), a tree (authorize), the region's cascader.
    await openPage(page, '/admin/setting/system/user', zh ? '用户管理' : 'Users');
    await dialog(inRow(zh ? /^分配角色$/ : /^Assign roles$/), 'user-roles');
    await dialog(() => page.getByRole('button', { name: zh ? /导\s*入/ : /Import$/ }).click(), 'user-import');
    await openPage(page, '/admin/setting/system/role', zh ? '角色管理' : 'Roles');
    await dialog(inRow(zh ? /^授\s*权$/ : /^Authorize$/), 'role-authorize');
    await openPage(page, '/admin/setting/system/organiza', zh ? '机构管理' : 'Organisations');
    await page.getByRole('button', { name: zh ? '新增机构' : 'Add organisation' }).click();
    await page.getByRole('dialog').locator('.ant-cascader').click();
    await expect(page.locator('.ant-cascader-menu').first()).toBeVisible();
    await shoot(page, `${language}-dialog-organisation-region`, [1440]);
    await page.keyboard.press('Escape');
    // The detail drawer's progress (steps) and files (upload) tabs.
    await openPage(page, '/admin/home/loan', zh ? '贷款查询' : 'Loan query');
    await inRow(/^(详\s*情|View)$/)();
    for (const tab of zh ? ['审批进度', '附件'] : ['Progress', 'Files']) {
      await page.getByRole('tab', { name: tab }).click();
      await settle(page);
      await shoot(page, `${language}-drawer-${tab === '附件' || tab === 'Files' ? 'files' : 'progress'}`, [1440]);
    }
  });

  test(`administrator, daily use: long records, 15 tabs, error pages (${language})`, async ({ page }) => {
    test.skip(!!only && !only.includes('daily'), 'SCREENS names other pages');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    if (language === 'en') await toEnglish(page);
    const zh = language === 'zh';
    // A refused case: its records hold the longest opinions and a refusal reason, each read whole.
    await openPage(page, '/admin/home/loan?status=REFUSED', zh ? '贷款查询' : 'Loan query');
    await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), /^(详\s*情|View)$/);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: zh ? '审批记录' : 'Records' }).click();
    await settle(page);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await page.waitForTimeout(300);
      const cut = await drawer.locator('[role="tabpanel"]:not([aria-hidden="true"])').evaluate((panel) =>
        [...panel.querySelectorAll<HTMLElement>('td, dd, span')].filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      expect.soft(cut, `texts cut at ${width} px`).toEqual([]);
    }
    await shoot(page, `${language}-drawer-records`);
    await page.keyboard.press('Escape');
    // Fifteen tabs: the bar keeps the entry page's tab in view and lists every tab in its menu.
    for (const path of [...MENU_PAGES].slice(0, 14)) await page.goto(path);
    await waitForShell(page);
    await shoot(page, `${language}-tabs-15`);
    const all = page.getByRole('button', { name: zh ? '全部标签页' : 'All tabs' });
    if (await all.count()) {
      await all.click();
      await shoot(page, `${language}-tabs-15-menu`, [1440]);
      await page.keyboard.press('Escape');
    }
    // The error pages keep the shell around them while signed in.
    for (const path of ['/403', '/500', '/admin/no-such-page']) {
      await page.goto(path);
      await expect.soft(page.locator('.ant-layout-sider').first()).toBeVisible();
      await shoot(page, `${language}-signed-in-${slug(path)}`);
    }
  });

  test(`reviewer's entry page (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'renshe');
    if (language === 'en') await toEnglish(page);
    await shoot(page, `${language}-renshe-admin_index`);
    await page.goto('/renshe/renshe-first');
    await shoot(page, `${language}-renshe-renshe_renshe-first`);
  });

  test(`post-loan ledger, a loan's account and its dialogs, a loaned case's 贷后 tab (${language})`, async ({ page }) => {
    test.skip(!!only && !only.some((word) => 'post-loan'.includes(word)), 'SCREENS names other pages');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'bank');
    try {
      if (language === 'en') await toEnglish(page);
      const zh = language === 'zh';
      await openPage(page, '/post-loan/ledger?state=OVERDUE', zh ? '贷后台账' : 'Post-loan ledger');
      await shoot(page, `${language}-bank-post-loan_ledger-overdue`);
      await openPage(page, '/post-loan/ledger?state=CURRENT', zh ? '贷后台账' : 'Post-loan ledger');
      await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), /^(查\s*看|Open)$/);
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await settle(page);
      await shoot(page, `${language}-bank-post-loan-account`);
      const repay = drawer.getByRole('button', { name: zh ? '还款登记' : 'Record repayment' });
      if (await repay.count()) {
        await repay.click();
        await expect(page.getByRole('dialog').last()).toBeVisible();
        await settle(page);
        await shoot(page, `${language}-bank-post-loan-repay`);
        await page.keyboard.press('Escape');
      }
    } finally {
      await resetLanguage('bank');
    }
  });

  test(`interest subsidy: the bank's and renshe's screens, a claim, its dialogs and print view (${language})`, async ({ page }) => {
    test.skip(!!only && !only.some((word) => 'post-loan/subsidy'.includes(word)), 'SCREENS names other pages');
    await page.setViewportSize({ width: 1440, height: 900 });
    const zh = language === 'zh';
    const title = zh ? '贴息管理' : 'Interest subsidy';
    const open = async () => {
      // The claims' rows (the bank's page has what is left to claim above them).
      const OPEN = /^(查\s*看|Open)$/;
      await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('button', { name: OPEN }) }).first(), OPEN);
      await expect(page.getByRole('dialog').locator('.ant-descriptions')).toBeVisible();
      await settle(page);
    };
    for (const user of ['bank', 'renshe']) {
      await page.context().clearCookies();
      await signInToShell(page, user);
      try {
        if (!zh) await toEnglish(page);
        await openPage(page, '/post-loan/subsidy', title);
        await shoot(page, `${language}-${user}-subsidy`);
        await open();
        await shoot(page, `${language}-${user}-subsidy-claim`);
        const button = page.getByRole('dialog').getByRole('toolbar').getByRole('button', { name: zh ? /^(初审通过|拨付登记)$/ : /^(Check|Record payout)$/ });
        if (await button.count()) {
          await button.first().click();
          await expect(page.getByRole('dialog').last()).toBeVisible();
          await settle(page);
          await shoot(page, `${language}-${user}-subsidy-dialog`);
          await page.keyboard.press('Escape');
        }
        if (user === 'renshe') {
          const claim = (await call<{ list: { id: number }[] }>(page.request, 'subsidyClaim/getList', { pageNum: 1, pageSize: 5 })).data.list[0]!;
          await page.goto(`/post-loan/subsidy?view=print&claim=${claim.id}`);
          await expect(page.getByRole('article').first()).toBeVisible();
          await shoot(page, `${language}-renshe-subsidy-print`);
        }
      } finally {
        await resetLanguage(user);
      }
    }
  });

  test(`a loaned case's 贷后 tab (${language})`, async ({ page }) => {
    test.skip(!!only && !only.some((word) => 'post-loan'.includes(word)), 'SCREENS names other pages');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    if (language === 'en') await toEnglish(page);
    const zh = language === 'zh';
    await openPage(page, '/admin/home/loan?status=LOANED', zh ? '贷款查询' : 'Loan query');
    await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), /^(详\s*情|View)$/);
    await page.getByRole('dialog').getByRole('tab', { name: zh ? '贷后' : 'After the loan' }).click();
    await settle(page);
    await shoot(page, `${language}-drawer-post-loan`);
  });
}
