import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { apiLogin, baseURL, call, openPage, resetLanguage, rowAction, settle, signInToShell, switchLanguage, waitForShell } from '../e2e/fixtures';

/**
 * The screenshots of the staff guides (docs/user-guide/{zh,en}) and the README's one picture,
 * at 1280 × 720, the visible part only, so they stay few and small:
 *   E2E_PORT=3510 npx playwright test -c tests/screens -g "user guide"
 * writes docs/user-guide/images/<zh|en>/*.png and docs/images/workbench.png (commit them); the
 * post-loan ones (ledger, repay, fund) and the interest subsidy's beside the review's.
 */
const ROOT = process.cwd();
type Language = 'zh' | 'en';
const VIEW = { width: 1280, height: 720 };

async function snap(page: Page, language: Language, name: string) {
  const dir = join(ROOT, 'docs', 'user-guide', 'images', language);
  mkdirSync(dir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function signIn(page: Page, user: string, language: Language) {
  await page.setViewportSize(VIEW);
  await signInToShell(page, user);
  if (language === 'en') {
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
  }
}

test.afterAll(async () => {
  for (const user of ['admin', 'renshe', 'guarantee', 'bank']) await resetLanguage(user);
});

for (const language of ['zh', 'en'] as Language[]) {
  const zh = language === 'zh';

  test(`user guide: sign-in and the renshe reviewer's day (${language})`, async ({ browser, page }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ locale: zh ? 'zh-CN' : 'en-US', viewport: VIEW });
    const signedOut = await context.newPage();
    await signedOut.goto('/login');
    await snap(signedOut, language, 'login');
    await context.close();

    await signIn(page, 'renshe', language);
    await snap(page, language, 'home');
    await openPage(page, '/renshe/renshe-first?mine=true', zh ? '人社初审' : 'Renshe first review');
    await snap(page, language, 'workbench');
    if (language === 'en') {
      mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'docs', 'images', 'workbench.png') });
    }
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await rowAction(row, /^(详\s*情|View)$/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, language, 'case-detail');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const approve = row.getByRole('button', { name: /^(审核通过|Approve)$/ });
    if (await approve.isEnabled()) {
      await approve.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, language, 'approve');
      await page.keyboard.press('Escape');
    }
  });

  test(`user guide: guarantee and bank reviewers (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, 'guarantee', language);
    await openPage(page, '/guarantee/guarantee-first', zh ? '担保初审' : 'Guarantee first review');
    await snap(page, language, 'guarantee-workbench');
    await page.context().clearCookies();
    await signIn(page, 'bank', language);
    await openPage(page, '/bank/bank-forward', zh ? '银行转账' : 'Bank transfer');
    await snap(page, language, 'bank-transfer');
    // After the loan: the bank's ledger, a current loan's account and its repayment dialog.
    await openPage(page, '/post-loan/ledger?state=CURRENT', zh ? '贷后台账' : 'Post-loan ledger');
    await snap(page, language, 'ledger');
    await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), zh ? /^查\s*看$/ : /^Open$/);
    const account = page.getByRole('dialog');
    await expect(account.getByRole('button', { name: zh ? '还款登记' : 'Record repayment' })).toBeVisible();
    await account.getByRole('button', { name: zh ? '还款登记' : 'Record repayment' }).click();
    await expect(page.getByRole('dialog', { name: zh ? '还款登记' : 'Record repayment' })).toBeVisible();
    await snap(page, language, 'repay');
  });

  test(`user guide: the guarantee fund (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, 'guarantee', language);
    await openPage(page, '/post-loan/fund', zh ? '担保基金' : 'Guarantee fund');
    await snap(page, language, 'fund');
  });

  test(`user guide: the interest subsidy (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    const title = zh ? '贴息管理' : 'Interest subsidy';
    const dialog = (name: string) => page.getByRole('dialog', { name });
    // The bank: what is left to claim and the claims; a quarter's claim made and opened.
    await signIn(page, 'bank', language);
    await openPage(page, '/post-loan/subsidy', title);
    await snap(page, language, 'subsidy-bank');
    await page.getByRole('button', { name: zh ? /^生成 \d{4} 年第 \d 季度的贴息申请$/ : /^Make the claim for \d{4} Q\d$/ }).first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: zh ? '贴息申请 · ' : 'Subsidy claim · ' });
    await expect(drawer.locator('.ant-descriptions')).toBeVisible();
    await snap(page, language, 'subsidy-claim');
    const claim = (await call<{ list: { id: number; version: number }[] }>(page.request, 'subsidyClaim/getList', { pageNum: 1, pageSize: 5, state: 'DRAFT' })).data.list[0]!;
    expect((await call(page.request, 'subsidyClaim/submit', { id: claim.id, version: claim.version })).code).toBe(200);
    // Renshe: the review queue, the check, and (approved by a colleague) the payout.
    await page.context().clearCookies();
    await signIn(page, 'renshe', language);
    await openPage(page, '/post-loan/subsidy?pending=true', title);
    await snap(page, language, 'subsidy-review');
    const open = async () => {
      await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), zh ? /^查\s*看$/ : /^Open$/);
      await expect(drawer.locator('.ant-descriptions')).toBeVisible();
    };
    await open();
    const check = zh ? '初审通过' : 'Check';
    await drawer.getByRole('button', { name: check, exact: true }).click();
    await expect(dialog(check)).toBeVisible();
    await snap(page, language, 'subsidy-check');
    await dialog(check).getByRole('button', { name: zh ? /^确\s*定$/ : 'OK' }).click();
    await expect(dialog(check)).toBeHidden();
    const colleague = await request.newContext({ baseURL: baseURL() });
    await apiLogin(colleague, 'renshe2');
    const checked = (await call<{ claim: { version: number } }>(colleague, 'subsidyClaim/getInfo', { id: claim.id })).data.claim;
    expect((await call(colleague, 'subsidyClaim/review', { id: claim.id, version: checked.version, decision: 'APPROVE', opinion: '' })).code).toBe(200);
    await colleague.dispose();
    await page.reload();
    await waitForShell(page);
    await open();
    const pay = zh ? '拨付登记' : 'Record payout';
    await drawer.getByRole('button', { name: pay, exact: true }).click();
    await expect(dialog(pay)).toBeVisible();
    await snap(page, language, 'subsidy-pay');
    await page.goto(`/post-loan/subsidy?view=print&claim=${claim.id}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await snap(page, language, 'subsidy-print');
    // The administrator: the rules and the LPR.
    await page.context().clearCookies();
    await signIn(page, 'admin', language);
    await openPage(page, '/admin/setting/business/subsidy', zh ? '贴息规则' : 'Subsidy rules');
    await snap(page, language, 'subsidy-rules');
  });

  test(`user guide: the administrator (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, 'admin', language);
    await snap(page, language, 'admin-home');
    await openPage(page, '/admin/setting/system/user', zh ? '用户管理' : 'Users');
    await snap(page, language, 'users');
    await openPage(page, '/admin/setting/system/role', zh ? '角色管理' : 'Roles');
    await rowAction(page.locator('.ant-table-tbody tr.ant-table-row').first(), zh ? /^授\s*权$/ : /^Authorize$/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, language, 'role-authorize');
  });
}
