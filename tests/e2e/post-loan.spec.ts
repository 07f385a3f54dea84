import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { call, failOnMissingTexts, OK_BUTTON, keepSignedIn, stateFile, waitForShell } from './fixtures';

/**
 * The post-loan ledger 贷后台账 (/post-loan/ledger) and a loan's account, a whole task per role,
 * each role signed in once for the spec (its storage state kept): the bank's reviewer filters
 * the ledger, opens a current loan and records the repayment of its next period, which the
 * schedule then shows paid; the guarantee company's reviewer sees its company's loans only, records
 * the compensation of a loan overdue past the threshold and a colleague confirms it (four eyes);
 * renshe's reviewer sees the loans of its bureau, without the bank's button.
 */
const LEDGER = '/post-loan/ledger';
const SEARCH = /查\s*询$/;
const OPEN = /^(查\s*看|Open)$/;
const GUARANTEE_COMPANY = '长沙鑫诚融资担保有限公司';
const BANK = '中国工商银行长沙分行';

interface LedgerPage { list: { id: number; number: string; name: string; bankOrg: string; guaranteeOrg: string; state: string }[]; total: number }

failOnMissingTexts();
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await keepSignedIn(browser, 'post-loan', ['bank', 'guarantee', 'guarantee2', 'renshe']);
});

/** What axe finds critical, serious or moderate on the page (WCAG 2.1 A and AA, as tests/e2e/accessibility.spec.ts). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ rules: { 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function openLedger(page: Page) {
  await page.goto(LEDGER);
  await expect(page.locator('.ant-card-head-title').first()).toHaveText('贷后台账');
  await waitForShell(page);
  await expect(rows(page).first()).toBeVisible();
}

/** Picks an option of the search form's select by its text (again, if the click landed while it was loading). */
async function choose(page: Page, label: string, text: string) {
  const form = page.locator('form').first();
  await expect(async () => {
    if (!(await option(page, text).isVisible())) await form.getByRole('combobox', { name: label }).click({ timeout: 2_000 });
    await option(page, text).click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The ledger as the page's user reads it through the call (the first 30 loans of its scope). */
async function ledger(page: Page, filters: Record<string, unknown> = {}): Promise<LedgerPage> {
  const answer = await call<LedgerPage>(page.request, 'loanAccount/getList', { pageNum: 1, pageSize: 30, ...filters });
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

async function openAccount(page: Page, row: Locator, number: string): Promise<Locator> {
  await row.getByRole('button', { name: OPEN }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `贷款账户 · ${number}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.ant-skeleton')).toHaveCount(0);
  return drawer;
}

test.describe('bank', () => {
  test.use({ storageState: stateFile('post-loan', 'bank') });
  test('filters the ledger, opens a current loan, records its next period\'s repayment and sees it paid', async ({ page }) => {
    await openLedger(page);
    // The state filter goes into the address, and every row found is current.
    await choose(page, '贷款状态', '正常');
    await page.getByRole('button', { name: SEARCH }).click();
    await expect(page).toHaveURL(/[?&]state=CURRENT(&|$)/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).filter({ hasNotText: '正常' })).toHaveCount(0);
    // 导出台账 downloads the search as it stands.
    const exported = page.waitForRequest((request) => request.url().includes('/api/loanAccount/export'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出台账' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await exported).postDataJSON()).toMatchObject({ state: 'CURRENT' });

    // A current loan of the bank with a period to pay, found by its number.
    const current = (await ledger(page, { state: 'CURRENT' })).list;
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((loan) => loan.bankOrg === BANK)).toBe(true);
    const loan = current[0]!;
    await page.getByRole('textbox', { name: '贷款编号/姓名' }).fill(loan.number);
    await page.getByRole('button', { name: SEARCH }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]keyword=${loan.number}(&|$)`));
    await expect(rows(page)).toHaveCount(1);
    const drawer = await openAccount(page, rows(page).first(), loan.number);

    // 还款登记: a period report, the period's due amounts and a report id filled in.
    await drawer.getByRole('button', { name: '还款登记' }).click();
    const dialog = page.getByRole('dialog', { name: '还款登记' });
    await expect(dialog).toBeVisible();
    // The earliest unpaid period is chosen, and what it still owes is said under it and filled in.
    const periodText = (await dialog.getByText(/^第 \d+ 期应还本金 ¥[\d,.]+，利息 ¥[\d,.]+$/).innerText()).trim();
    const period = Number(periodText.match(/第 (\d+) 期/)?.[1]);
    expect(period).toBeGreaterThan(0);
    await expect(dialog.getByRole('textbox', { name: '银行流水号' })).toHaveValue(/^RP\d{8}[0-9A-F]{10}$/);
    await expect(dialog.getByRole('spinbutton', { name: '本金（元）' })).not.toHaveValue('');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText('还款已登记')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The schedule shows the period paid, the repayments list the report.
    const paid = drawer.getByRole('tabpanel').locator('tr').filter({ hasText: `第 ${period} 期` });
    await expect(paid).toContainText(/已还/);
    await drawer.getByRole('tab', { name: '还款记录' }).click();
    await expect(drawer.getByRole('tabpanel').locator('tr').filter({ hasText: `第 ${period} 期` })).toContainText('按期还款');
  });
});

test.describe('guarantee company', () => {
  test.use({ storageState: stateFile('post-loan', 'guarantee') });
  test('sees its company\'s loans only, and opens one', async ({ page }) => {
    await openLedger(page);
    const mine = await ledger(page);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((loan) => loan.guaranteeOrg === GUARANTEE_COMPANY)).toBe(true);
    // The table shows as many loans as the call answers.
    await expect(page.getByText(new RegExp(`共 ${mine.total} 条`))).toBeVisible();
    expect.soft(await violations(page), 'the ledger').toEqual([]);
    const first = rows(page).first();
    const number = (await first.locator('td').first().innerText()).trim();
    const drawer = await openAccount(page, first, number);
    await expect(drawer.locator('.ant-descriptions')).toContainText(GUARANTEE_COMPANY);
    expect.soft(await violations(page), 'a loan\'s account').toEqual([]);
    await expect(drawer.getByRole('tab', { name: '还款计划' })).toBeVisible();
    // The bank's button is not the guarantee company's.
    await expect(drawer.getByRole('button', { name: '还款登记' })).toHaveCount(0);
  });
});

test.describe('guarantee company, four eyes', () => {
  test.use({ storageState: stateFile('post-loan', 'guarantee') });
  test('records the compensation of a loan overdue past the threshold, which a colleague confirms', async ({ page, browser }) => {
    await openLedger(page);
    const due = await ledger(page, { state: 'OVERDUE', overdueMin: 90 });
    expect(due.total, 'a loan of the company overdue 90 days or more').toBeGreaterThan(0);
    const loan = due.list[0]!;
    const find = async (at: Page) => {
      await at.getByRole('textbox', { name: '贷款编号/姓名' }).fill(loan.number);
      await at.getByRole('button', { name: SEARCH }).click();
      await expect(rows(at)).toHaveCount(1);
      return openAccount(at, rows(at).first(), loan.number);
    };
    const drawer = await find(page);
    await drawer.getByRole('button', { name: '代偿登记' }).click();
    const dialog = page.getByRole('dialog', { name: '代偿登记' });
    await expect(dialog.getByRole('spinbutton', { name: '本金（元）' })).not.toHaveValue('');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    // Asked again before it goes.
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK_BUTTON }).click();
    await expect(page.getByText('代偿已登记，待复核')).toBeVisible();
    await drawer.getByRole('tab', { name: '代偿' }).click();
    await expect(drawer.getByRole('tabpanel')).toContainText('待复核');
    // The one who recorded it does not confirm it.
    await expect(drawer.getByRole('button', { name: '代偿复核' })).toHaveCount(0);

    const colleague = await browser.newContext({ storageState: stateFile('post-loan', 'guarantee2') });
    try {
      const other = await colleague.newPage();
      await openLedger(other);
      const account = await find(other);
      await account.getByRole('button', { name: '代偿复核' }).click();
      const review = other.getByRole('dialog', { name: '代偿复核' });
      await expect(review).toContainText('待复核的登记');
      await review.getByRole('button', { name: OK_BUTTON }).click();
      await other.locator('.ant-modal-confirm').getByRole('button', { name: OK_BUTTON }).click();
      await expect(other.getByText('代偿复核已提交')).toBeVisible();
      await expect(account.locator('.ant-descriptions')).toContainText('已代偿');
    } finally {
      await colleague.close();
    }
  });
});

test.describe('renshe', () => {
  test.use({ storageState: stateFile('post-loan', 'renshe') });
  test('sees the loans of its bureau and opens one', async ({ page }) => {
    await openLedger(page);
    const mine = await ledger(page);
    expect(mine.total).toBeGreaterThan(0);
    await expect(page.getByText(new RegExp(`共 ${mine.total} 条`))).toBeVisible();
    // Overdue loans show their days beside their state.
    await choose(page, '贷款状态', '逾期');
    await page.getByRole('button', { name: SEARCH }).click();
    await expect(page).toHaveURL(/[?&]state=OVERDUE(&|$)/);
    const overdue = await ledger(page, { state: 'OVERDUE' });
    if (overdue.total > 0) await expect(rows(page).first()).toContainText(/\d+ 天/);
    await page.goto(LEDGER);
    const first = rows(page).first();
    const number = (await first.locator('td').first().innerText()).trim();
    const drawer = await openAccount(page, first, number);
    await expect(drawer.getByRole('tab', { name: '还款计划' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: '还款登记' })).toHaveCount(0);
  });
});
