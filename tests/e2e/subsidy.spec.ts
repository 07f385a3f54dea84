import { expect, test, type Locator, type Page } from '@playwright/test';
import { call, failOnMissingTexts, OK_BUTTON, keepSignedIn, stateFile, waitForShell } from './fixtures';

/**
 * The interest subsidy 贴息 (/post-loan/subsidy and /admin/setting/business/subsidy), a whole task
 * across roles, each signed in once for the spec (its storage state kept): the bank's reviewer
 * makes the claim of a quarter that has ended, leaves a period out (the reason required) and puts
 * it back, submits and exports it; renshe's reviewer checks it from the review queue and may not
 * approve it too (four eyes: the button is absent and the service refuses); a second renshe
 * reviewer approves; the first records the payout (the amount filled in) and prints the claim
 * with its signature lines. The administrator records an LPR on 贴息规则.
 */
const SUBSIDY = '/post-loan/subsidy';
const RULES = '/admin/setting/business/subsidy';
const OPEN = /^(查\s*看|Open)$/;

interface Claim { id: number; number: string; state: string; amount: number; periods: number; version: number }

failOnMissingTexts();
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await keepSignedIn(browser, 'subsidy', ['bank', 'renshe', 'renshe2', 'admin']);
});

async function openSubsidy(page: Page, url = SUBSIDY) {
  await page.goto(url);
  await expect(page.locator('.ant-card-head-title').filter({ hasText: '贴息管理' })).toBeVisible();
  await waitForShell(page);
}

/** The claim's drawer, opened from its row of the list (the list filtered by its quarter). */
async function openClaim(page: Page, claim: Claim): Promise<Locator> {
  const row = rows(page).filter({ hasText: claim.number });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: OPEN }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `贴息申请 · ${claim.number}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.ant-skeleton')).toHaveCount(0);
  return drawer;
}

/** Presses a button of the drawer, confirms its dialog and waits for the toast. */
async function act(page: Page, drawer: Locator, button: string, done: string, fill?: (dialog: Locator) => Promise<void>) {
  await drawer.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: OK_BUTTON }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

let claim: Claim;

test.describe('bank', () => {
  test.use({ storageState: stateFile('subsidy', 'bank') });
  test('makes a quarter\'s claim, leaves a period out and puts it back, submits and exports it', async ({ page }) => {
    await openSubsidy(page);
    const pending = page.locator('.ant-card').filter({ hasText: '待申请贴息' });
    const make = pending.getByRole('button', { name: /^生成 \d{4} 年第 \d 季度的贴息申请$/ }).first();
    await expect(make).toBeVisible();
    const [, year, quarter] = ((await make.getAttribute('aria-label')) ?? '').match(/(\d{4}) 年第 (\d)/) ?? [];
    await make.click();
    await expect(page.getByText(/^已生成 \d+ 份贴息申请$/)).toBeVisible();

    // The claim just made is opened: a draft with the quarter's periods.
    const made = await call<{ list: Claim[] }>(page.request, 'subsidyClaim/getList', { pageNum: 1, pageSize: 10, year: Number(year), quarter: Number(quarter) });
    expect(made.code, made.message).toBe(200);
    claim = made.data.list.at(-1)!;
    expect(claim.state).toBe('DRAFT');
    expect(claim.periods).toBeGreaterThan(1);
    const drawer = page.getByRole('dialog').filter({ hasText: `贴息申请 · ${claim.number}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText('草稿');

    // 剔除 asks for the reason, then leaves the period out: the claim's figures drop.
    const lines = drawer.getByRole('tabpanel');
    await expect(rows(lines).first()).toBeVisible();
    await rows(lines).first().getByRole('button', { name: /^剔除 / }).click();
    const exclude = page.getByRole('dialog', { name: '剔除期次' });
    await exclude.getByRole('button', { name: OK_BUTTON }).click();
    await expect(exclude.getByText('请填写剔除原因')).toBeVisible();
    await exclude.getByRole('textbox', { name: '剔除原因' }).fill('借款人已另行申请贴息');
    await exclude.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText('期次已剔除')).toBeVisible();
    await expect(drawer.getByRole('tab', { name: '已剔除（1）' })).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText(`${claim.periods - 1} 期`);

    // 恢复 puts it back.
    await drawer.getByRole('tab', { name: '已剔除（1）' }).click();
    await expect(drawer.getByRole('tabpanel')).toContainText('借款人已另行申请贴息');
    await rows(drawer.getByRole('tabpanel')).first().getByRole('button', { name: /^恢复 / }).click();
    await expect(page.getByText('期次已恢复')).toBeVisible();
    await expect(drawer.getByRole('tab', { name: '已剔除（0）' })).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText(`${claim.periods} 期`);

    // 导出申请 downloads the claim as .xlsx.
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '导出申请' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // 提交, asked again first.
    await drawer.getByRole('button', { name: '提交', exact: true }).click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(claim.number);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText('贴息申请已提交')).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText('待初审');
    await expect(drawer.getByRole('button', { name: '提交', exact: true })).toHaveCount(0);
  });
});

test.describe('renshe', () => {
  test.use({ storageState: stateFile('subsidy', 'renshe') });
  test('checks the claim from the review queue, and may not approve it too', async ({ page }) => {
    test.skip(!claim, 'the bank\'s claim');
    await openSubsidy(page);
    // The reviewer's list opens on the claims awaiting the bureau.
    await expect(page).toHaveURL(/[?&]pending=true/);
    const drawer = await openClaim(page, claim);
    await expect(drawer.getByRole('button', { name: '删除' })).toHaveCount(0);
    await act(page, drawer, '初审通过', '初审已通过，待复审');
    await expect(drawer.locator('.ant-descriptions')).toContainText('待复审');
    // Four eyes: the one who checked it is offered no approval, and the service refuses one.
    await expect(drawer.getByRole('button', { name: '复审通过' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: '退回' })).toBeVisible();
    const info = await call<{ claim: Claim }>(page.request, 'subsidyClaim/getInfo', { id: claim.id });
    const refused = await call(page.request, 'subsidyClaim/review', { id: claim.id, version: info.data.claim.version, decision: 'APPROVE', opinion: '' });
    expect(refused.code).toBe(409);
    expect(refused.message).toContain('初审与复审须由不同人员办理');
  });
});

test.describe('renshe, four eyes', () => {
  test.use({ storageState: stateFile('subsidy', 'renshe2') });
  test('a second reviewer approves the claim', async ({ page }) => {
    test.skip(!claim, 'the bank\'s claim');
    await openSubsidy(page);
    const drawer = await openClaim(page, claim);
    await drawer.getByRole('tab', { name: '办理记录' }).click();
    await expect(drawer.getByRole('tabpanel')).toContainText('人社初审通过');
    await act(page, drawer, '复审通过', '复审已通过，待拨付');
    await expect(drawer.locator('.ant-descriptions')).toContainText('待拨付');
  });
});

test.describe('renshe, payout', () => {
  test.use({ storageState: stateFile('subsidy', 'renshe') });
  test('records the payout with the claim\'s amount and prints the claim', async ({ page }) => {
    test.skip(!claim, 'the bank\'s claim');
    await openSubsidy(page);
    const drawer = await openClaim(page, claim);
    await act(page, drawer, '拨付登记', '拨付已登记', async (dialog) => {
      await expect(dialog.getByRole('spinbutton', { name: '拨付金额（元）' })).toHaveValue(claim.amount.toFixed(2));
      await dialog.getByRole('textbox', { name: '凭证号' }).fill('PZ-2026-0001');
    });
    await expect(drawer.locator('.ant-descriptions')).toContainText('已拨付');
    await expect(drawer.locator('.ant-descriptions')).toContainText('PZ-2026-0001');
    await drawer.getByRole('tab', { name: '办理记录' }).click();
    for (const step of ['生成申请', '提交', '人社初审通过', '人社复审通过', '拨付']) await expect(drawer.getByRole('tabpanel')).toContainText(step);

    // The print view: the claim on an A4 sheet with the four signature lines.
    await page.goto(`${SUBSIDY}?view=print&claim=${claim.id}`);
    const sheet = page.getByRole('article', { name: '创业担保贷款贴息资金申请表' }).first();
    await expect(sheet).toContainText(claim.number);
    for (const signer of ['经办人（银行）', '初审人', '复审人', '财务']) await expect(sheet).toContainText(signer);
    await expect(page.getByRole('button', { name: '打印' })).toBeEnabled();
  });
});

test.describe('administrator', () => {
  test.use({ storageState: stateFile('subsidy', 'admin') });
  test('sees the rule of each borrower type and records an LPR', async ({ page }) => {
    await page.goto(RULES);
    await waitForShell(page);
    await expect(page.getByRole('table', { name: '个人的规则版本' })).toContainText('现行');
    await page.getByRole('button', { name: '登记 LPR' }).click();
    const dialog = page.getByRole('dialog', { name: '登记 LPR' });
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(dialog.getByText('请填写此项')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: '一年期 LPR（%）' }).fill('2.95');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText('LPR 已登记')).toBeVisible();
    const lpr = page.getByRole('table', { name: 'LPR 历史' });
    await expect(lpr.locator('tr').filter({ hasText: '2.95%' })).toContainText('现行');
  });
});
