import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { adminApi, OK_BUTTON, signIn, uploadFiles } from './fixtures';

/**
 * The loan workflow end to end (DESIGN.md section 5): applications made by the real intake
 * call and worked through the stage workbenches by the demo reviewers, each signed in in a
 * browser context of their own. Every test makes its own applications and finds them by
 * number, so nothing depends on what other tests do to the shared database.
 */

// ---------------------------------------------------------------------------------------------
// The demo reviewers and the stage pages
// ---------------------------------------------------------------------------------------------

const NICKNAMES = {
  renshe: '人社审核员', renshe2: '人社复核员', renshe3: '人社终审员',
  guarantee: '担保审核员', guarantee2: '担保复核员', guarantee3: '担保终审员',
  bank: '银行审核员', bank2: '银行复核员', bank3: '银行终审员',
} as const;
const RENSHE = ['renshe', 'renshe2', 'renshe3'] as const;
type Reviewer = keyof typeof NICKNAMES;

const STAGES = {
  RS_FIRST: { path: '/renshe/renshe-first', title: '人社初审' },
  RS_SECOND: { path: '/renshe/renshe-last', title: '人社复审' },
  RS_FINAL: { path: '/renshe/renshe-final', title: '人社终审' },
  GC_FIRST: { path: '/guarantee/guarantee-first', title: '担保初审' },
  GC_SECOND: { path: '/guarantee/guarantee-last', title: '担保复审' },
  BANK_FIRST: { path: '/bank/bank-first', title: '银行初审' },
  BANK_SECOND: { path: '/bank/bank-last', title: '银行复审' },
  BANK_TRANSFER: { path: '/bank/bank-forward', title: '银行转账' },
} as const;
type StageKey = keyof typeof STAGES;

const ORGS = { renshe: '长沙市人力资源和社会保障局', guarantee: '长沙鑫诚融资担保有限公司', bank: '中国工商银行长沙分行' };

const APPROVE = /^(审核通过|Approve)$/;
const DETAIL = /^(详\s*情|View)$/;
const SEARCH = /查\s*询$/;
const MORE = /^更多/;
const CONFLICT = '该申请已被他人处理或已更新，请刷新后重试';

// ---------------------------------------------------------------------------------------------
// Set-up through the API: a new application at renshe first review
// ---------------------------------------------------------------------------------------------

interface Envelope<T = unknown> { code: number; message: string; data: T }

async function call<T>(api: APIRequestContext, path: string, data: unknown): Promise<Envelope<T>> {
  const response = await api.post(`/api/${path}`, { data });
  return (await response.json()) as Envelope<T>;
}

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A valid resident ID number of Changsha (Furong district), born 1980-1995, a man. */
function idNumber(): string {
  const born = new Date(Date.UTC(1980 + Math.floor(Math.random() * 16), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)));
  const date = born.toISOString().slice(0, 10).replaceAll('-', '');
  const sequence = `${digits(2)}${[1, 3, 5, 7, 9][Math.floor(Math.random() * 5)]}`;
  const first17 = `430102${date}${sequence}`;
  return first17 + idCheckDigit(first17);
}

interface Application {
  id: number;
  number: string;
  /** The renshe reviewer intake gave it to (the least busy one), and the other two in order. */
  first: Reviewer;
  second: Reviewer;
  third: Reviewer;
}

/** Submits a personal loan application (free of guarantee) as admin through channel/application/submit. */
async function submitApplication(): Promise<Application> {
  const api = await adminApi();
  try {
    const orgId = async (type: string, name: string) => {
      const found = await call<{ id: number; name: string }[]>(api, 'systemOrganiza/getInstitutionDropdown', { type });
      expect(found.code, found.message).toBe(200);
      const org = found.data.find((o) => o.name === name);
      expect(org, `${name} among the ${type} organisations`).toBeDefined();
      return org!.id;
    };
    const submitted = await call<{ id: number; number: string; status: string }>(api, 'channel/application/submit', {
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: {
        name: '周晓明', idNumber: idNumber(), mobile: `137${digits(8)}`, gender: 'MALE',
        householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生', address: '长沙市芙蓉区五一大道 1 号',
      },
      businessName: '晓明便利店', businessScope: '日用百货零售',
      amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
      rensheOrgId: await orgId('RENSHE', ORGS.renshe),
      guaranteeOrgId: await orgId('GUARANTEE', ORGS.guarantee),
      bankOrgId: await orgId('BANK', ORGS.bank),
    });
    expect(submitted.code, submitted.message).toBe(200);
    expect(submitted.data.status).toBe('IN_REVIEW');
    const { id, number } = submitted.data;
    // The graduates' proof document, as the channel uploads it.
    await uploadFiles(api, id, ['DIPLOMA']);
    // Intake hands the case to the least busy renshe reviewer: which one depends on the rest of the suite.
    const listed = await call<{ list: { id: number; assignee: { nickname: string } | null }[] }>(api, 'businessClubFirstTrial/getList', {
      stage: 'RS_FIRST', number, pageNum: 1, pageSize: 10,
    });
    expect(listed.code, listed.message).toBe(200);
    expect(listed.data.list.map((row) => row.id)).toEqual([id]);
    const first = RENSHE.find((reviewer) => NICKNAMES[reviewer] === listed.data.list[0]!.assignee?.nickname);
    expect(first, `${listed.data.list[0]!.assignee?.nickname} is a renshe reviewer`).toBeDefined();
    const [second, third] = RENSHE.filter((reviewer) => reviewer !== first);
    return { id, number, first: first!, second: second!, third: third! };
  } finally {
    await api.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Reviewers in the browser
// ---------------------------------------------------------------------------------------------

/** One browser context per reviewer, signed in through the login page once and reused. */
class Desks {
  private readonly contexts = new Map<Reviewer, { context: BrowserContext; page: Page }>();
  constructor(private readonly browser: Browser) {}

  async of(user: Reviewer): Promise<Page> {
    const known = this.contexts.get(user);
    if (known) return known.page;
    const context = await this.browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    this.contexts.set(user, { context, page });
    return page;
  }

  async leave(user: Reviewer) {
    await this.contexts.get(user)?.context.close();
    this.contexts.delete(user);
  }

  async closeAll() {
    for (const user of [...this.contexts.keys()]) await this.leave(user);
  }
}

/** The data rows of the workbench table (antd adds a hidden measure row). */
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

/** The open dropdown of a select, and one of its options. */
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

/**
 * Opens a stage's workbench and searches it by application number through the search
 * form (in the processed scope when asked); answers the matching rows.
 */
async function findCase(page: Page, stage: StageKey, number: string, scope: 'pending' | 'processed' = 'pending'): Promise<Locator> {
  await page.goto(STAGES[stage].path);
  await expect(page.locator('.ant-card-head-title')).toHaveText(STAGES[stage].title);
  const field = page.getByRole('textbox', { name: '申请编号' });
  await field.fill(number);
  if (scope === 'processed') {
    await page.getByRole('combobox', { name: '范围' }).click();
    await option(page, '已处理').click();
  }
  await page.getByRole('button', { name: SEARCH }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]number=${number}(&|$)`));
  if (scope === 'processed') await expect(page).toHaveURL(/[?&]scope=processed(&|$)/);
  return rows(page).filter({ hasText: number });
}

/** Finds the case waiting at a stage for its assignee, with the status of that stage. */
async function findWaiting(page: Page, stage: StageKey, number: string, assignee: Reviewer): Promise<Locator> {
  const row = await findCase(page, stage, number);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`审核中 · ${STAGES[stage].title}`);
  await expect(row).toContainText(NICKNAMES[assignee]);
  return row;
}

/** Opens the check dialog of a row and fills it (the next person, when the stage has a next node). */
async function fillCheck(page: Page, row: Locator, next: { stage: string; person: Reviewer } | 'last', opinion: string): Promise<Locator> {
  await row.getByRole('button', { name: APPROVE }).click();
  const dialog = page.getByRole('dialog', { name: '审核通过' });
  await expect(dialog).toBeVisible();
  if (next === 'last') {
    await expect(dialog.getByText('这是最后一个审批环节：审核通过后，该申请即审批通过。')).toBeVisible();
  } else {
    await expect(dialog.getByText(`审核通过后进入：${next.stage}`)).toBeVisible();
    const person = dialog.getByRole('combobox', { name: '下一环节审批人' });
    await person.click();
    await option(page, NICKNAMES[next.person]).click();
    await expect(dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: '下一环节审批人' }) })).toContainText(NICKNAMES[next.person]);
  }
  await dialog.getByRole('textbox', { name: '审批意见' }).fill(opinion);
  return dialog;
}

/** Approves the case at its stage, choosing the next person: success message, dialog closed, the case gone from the pending list. */
async function approve(page: Page, stage: StageKey, number: string, by: Reviewer, next: { stage: StageKey; person: Reviewer }) {
  const row = await findWaiting(page, stage, number, by);
  const dialog = await fillCheck(page, row, { stage: STAGES[next.stage].title, person: next.person }, `${STAGES[stage].title}：材料齐全，同意。`);
  await dialog.getByRole('button', { name: OK_BUTTON }).click();
  await expect(page.getByText('审核已通过')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: number })).toHaveCount(0);
}

/** Opens a row's detail drawer. */
async function openDetail(page: Page, row: Locator, number: string): Promise<Locator> {
  await row.getByRole('button', { name: DETAIL }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `申请详情 · ${number}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

const recordRows = (drawer: Locator) => rows(drawer);

/** The value next to a label in the drawer's (bordered) descriptions. */
const described = (drawer: Locator, label: string) =>
  drawer.locator('th.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

test.describe('loan workflow through the workbenches', () => {
  let desks: Desks;
  test.beforeEach(({ browser }) => { desks = new Desks(browser); });
  test.afterEach(async () => { await desks.closeAll(); });

  test('an application goes from renshe first review to a loan issued, each stage approved by a reviewer of its own', async () => {
    test.setTimeout(360_000);
    const app = await submitApplication();
    const { number, first, second, third } = app;

    await test.step(`人社初审: ${first} approves to ${second}`, async () => {
      await approve(await desks.of(first), 'RS_FIRST', number, first, { stage: 'RS_SECOND', person: second });
      await desks.leave(first);
    });
    await test.step(`人社复审: ${second} approves to ${third}, the one reviewer left who has not approved it`, async () => {
      const page = await desks.of(second);
      const row = await findWaiting(page, 'RS_SECOND', number, second);
      await row.getByRole('button', { name: APPROVE }).click();
      const dialog = page.getByRole('dialog', { name: '审核通过' });
      await dialog.getByRole('combobox', { name: '下一环节审批人' }).click();
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
      await expect(option(page, NICKNAMES[first])).toHaveCount(0);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: /^(取\s*消|Cancel)$/ }).click();
      await expect(dialog).toBeHidden();
      await approve(page, 'RS_SECOND', number, second, { stage: 'RS_FINAL', person: third });
      await desks.leave(second);
    });
    await test.step(`人社终审: ${third} approves to guarantee`, async () => {
      await approve(await desks.of(third), 'RS_FINAL', number, third, { stage: 'GC_FIRST', person: 'guarantee' });
      await desks.leave(third);
    });
    await test.step('担保初审: guarantee approves to guarantee2', async () => {
      await approve(await desks.of('guarantee'), 'GC_FIRST', number, 'guarantee', { stage: 'GC_SECOND', person: 'guarantee2' });
      await desks.leave('guarantee');
    });
    await test.step('担保复审: guarantee2 approves to bank (no house review for a credit loan)', async () => {
      await approve(await desks.of('guarantee2'), 'GC_SECOND', number, 'guarantee2', { stage: 'BANK_FIRST', person: 'bank' });
      await desks.leave('guarantee2');
    });
    await test.step('银行初审: bank approves to bank2', async () => {
      await approve(await desks.of('bank'), 'BANK_FIRST', number, 'bank', { stage: 'BANK_SECOND', person: 'bank2' });
    });
    await test.step('银行复审: bank2 approves to bank3', async () => {
      await desks.leave('bank');
      await approve(await desks.of('bank2'), 'BANK_SECOND', number, 'bank2', { stage: 'BANK_TRANSFER', person: 'bank3' });
      await desks.leave('bank2');
    });

    const bank = await desks.of('bank3');
    await test.step('银行转账: bank3 gives the final approval', async () => {
      const row = await findWaiting(bank, 'BANK_TRANSFER', number, 'bank3');
      const dialog = await fillCheck(bank, row, 'last', '同意放款。');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(bank.getByText('审核已通过')).toBeVisible();
      await expect(dialog).toBeHidden();
      // Approved, it waits at the transfer for the loan to be recorded.
      await expect(row).toContainText('审批通过');
      // 审核通过 keeps its place, disabled: the case waits for no review any more.
      await expect(row.getByRole('button', { name: APPROVE })).toBeDisabled();
      await expect(row.getByRole('button', { name: '放款登记' })).toBeEnabled();
    });

    await test.step('银行转账: bank3 records the loan as issued', async () => {
      const row = rows(bank).filter({ hasText: number });
      await row.getByRole('button', { name: '放款登记' }).click();
      const dialog = bank.getByRole('dialog', { name: '放款登记' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio', { name: '已放款' }).check();
      const amount = dialog.getByRole('spinbutton', { name: '放款金额（元）' });
      await expect(amount).toHaveValue('200000.00');
      await amount.fill('150000');
      const date = dialog.getByRole('textbox', { name: '放款日期' });
      await date.click();
      await date.fill(today());
      await date.press('Enter');
      await expect(date).toHaveValue(today());
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(bank.getByText('放款状态已登记')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rows(bank).filter({ hasText: number })).toHaveCount(0);
    });

    await test.step('the processed cases of the transfer show it loaned, with amount and date', async () => {
      const row = await findCase(bank, 'BANK_TRANSFER', number, 'processed');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('已放款');
      const drawer = await openDetail(bank, row, number);
      await expect(drawer.getByLabel('申请当前状态').getByText('已放款', { exact: true })).toBeVisible();
      await expect(described(drawer, '放款金额')).toHaveText('¥150,000.00');
      await expect(described(drawer, '放款日期')).toHaveText(today());
      await drawer.getByRole('tab', { name: '审批进度' }).click();
      await expect(drawer.locator('.ant-steps-item')).toHaveCount(8);
      await expect(drawer.locator('.ant-steps-item').last()).toContainText(`${NICKNAMES.bank3} 于`);
      await drawer.getByRole('tab', { name: '审批记录' }).click();
      // Submitted, approved at eight stages, the loan recorded.
      await expect(recordRows(drawer)).toHaveCount(10);
      await expect(recordRows(drawer).last()).toContainText('放款登记');
      await expect(recordRows(drawer).last()).toContainText('已放款');
      await drawer.getByRole('button', { name: /Close|关闭/ }).click();
      await expect(drawer).toBeHidden();
      await bank.mouse.move(0, 0);
      mkdirSync(join(process.cwd(), '.test-data', 'screenshots'), { recursive: true });
      await bank.screenshot({ path: join(process.cwd(), '.test-data', 'screenshots', 'workflow-bank-forward-processed.png') });
    });
  });

  test('renshe review sends a case back to renshe first review, where it shows the rejection', async () => {
    test.setTimeout(180_000);
    const { number, first, second } = await submitApplication();
    await test.step(`人社初审: no stage lies behind the case, so ${first} finds 驳回 disabled`, async () => {
      const page = await desks.of(first);
      const row = await findWaiting(page, 'RS_FIRST', number, first);
      await row.getByRole('button', { name: MORE }).click();
      await expect(page.getByRole('menuitem', { name: '退回', exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: '撤回', exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: '驳回', exact: true })).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Escape');
    });
    await approve(await desks.of(first), 'RS_FIRST', number, first, { stage: 'RS_SECOND', person: second });

    const reviewer = await desks.of(second);
    const opinion = '经营场所证明缺失，请初审补充核实。';
    await test.step(`人社复审: ${second} rejects to 人社初审, to ${first}`, async () => {
      const row = await findWaiting(reviewer, 'RS_SECOND', number, second);
      await row.getByRole('button', { name: MORE }).click();
      await reviewer.getByRole('menuitem', { name: '驳回', exact: true }).click();
      const dialog = reviewer.getByRole('dialog', { name: '驳回' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: '驳回到' }).click();
      await option(reviewer, '人社初审').click();
      await dialog.getByRole('combobox', { name: '驳回给' }).click();
      await option(reviewer, NICKNAMES[first]).click();
      await dialog.getByRole('textbox', { name: '审批意见' }).fill(opinion);
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(reviewer.getByText('已驳回')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rows(reviewer).filter({ hasText: number })).toHaveCount(0);
    });

    await test.step(`${first} finds it at 人社初审 again, with the rejection in its progress and records`, async () => {
      const page = await desks.of(first);
      const row = await findWaiting(page, 'RS_FIRST', number, first);
      await expect(row.getByRole('button', { name: APPROVE })).toBeVisible();
      const drawer = await openDetail(page, row, number);
      await drawer.getByRole('tab', { name: '审批进度' }).click();
      const steps = drawer.locator('.ant-steps-item');
      await expect(steps.first()).toContainText('人社初审');
      await expect(steps.first()).toContainText('当前环节');
      await expect(steps.first()).toContainText(`当前审批人：${NICKNAMES[first]}`);
      await expect(steps.nth(1)).toContainText('未开始');
      await drawer.getByRole('tab', { name: '审批记录' }).click();
      await expect(recordRows(drawer)).toHaveCount(3);
      const rejection = recordRows(drawer).last();
      await expect(rejection.getByRole('cell')).toHaveText([
        /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, '人社复审', '驳回', `${NICKNAMES[second]} · ${ORGS.renshe}`, '人社初审', NICKNAMES[first], opinion, '—', /—/,
      ]);
    });
  });

  test('renshe returns a case for supplements: it waits at the stage with the reviewer, and the supplements bring it back to them', async () => {
    test.setTimeout(180_000);
    const { id, number, first } = await submitApplication();
    const page = await desks.of(first);
    const note = '请补充毕业证书和户口簿。';

    await test.step(`人社初审: ${first} returns it, naming the documents awaited`, async () => {
      const row = await findWaiting(page, 'RS_FIRST', number, first);
      await row.getByRole('button', { name: MORE }).click();
      await page.getByRole('menuitem', { name: '退回', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '退回' });
      await expect(dialog.getByText('退回后案件仍在本环节由您办理，办理时限暂停；申请人补正所列材料后案件回到您这里，逾期未补正的视为撤回。')).toBeVisible();
      // The documents are required.
      await dialog.getByRole('textbox', { name: '审批意见' }).fill(note);
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(dialog.getByText('请选择需要申请人补正的材料')).toBeVisible();
      const documents = dialog.getByRole('combobox', { name: '需补正的材料' });
      for (const name of ['毕业证书', '户口簿']) {
        await documents.fill(name);
        await option(page, name).click();
      }
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(page.getByText('已退回申请人')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step('it stays in the stage\'s list with the reviewer, awaiting supplements, with what is awaited in the drawer', async () => {
      const row = await findCase(page, 'RS_FIRST', number);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('已退回');
      await expect(row).toContainText('待补正');
      await expect(row).toContainText(NICKNAMES[first]);
      await expect(row.getByRole('button', { name: APPROVE })).toBeDisabled();
      const drawer = await openDetail(page, row, number);
      await expect(described(drawer, '待补正材料')).toHaveText('毕业证书、户口簿');
      await expect(described(drawer, '退回说明')).toHaveText(note);
      await expect(described(drawer, '补正截止日')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      await page.keyboard.press('Escape');
    });

    await test.step('the channel uploads the documents and sends the supplements', async () => {
      const api = await adminApi();
      try {
        const early = await call(api, 'channel/application/supplement', { number, key: randomUUID() });
        expect(early).toMatchObject({ code: 409, message: '退回后尚未上传以下材料：毕业证书、户口簿！' });
        await uploadFiles(api, id, ['DIPLOMA', 'HOUSEHOLD']);
        const back = await call<{ status: string }>(api, 'channel/application/supplement', { number, key: randomUUID(), note: '已补充' });
        expect(back.code, back.message).toBe(200);
        expect(back.data.status).toBe('IN_REVIEW');
      } finally {
        await api.dispose();
      }
    });

    await test.step(`${first} finds it waiting again at 人社初审, with the return and the supplements in its records`, async () => {
      const row = await findWaiting(page, 'RS_FIRST', number, first);
      await expect(row).not.toContainText('待补正');
      await expect(row.getByRole('button', { name: APPROVE })).toBeVisible();
      const drawer = await openDetail(page, row, number);
      await drawer.getByRole('tab', { name: '审批记录' }).click();
      await expect(recordRows(drawer)).toHaveCount(3);
      await expect(recordRows(drawer).nth(1)).toContainText('退回');
      await expect(recordRows(drawer).nth(1)).toContainText(note);
      await expect(recordRows(drawer).last()).toContainText('补正材料');
    });
  });

  test('renshe refuses a case with a reason: it leaves the pending list and shows as refused', async () => {
    test.setTimeout(120_000);
    const { number, first } = await submitApplication();
    const page = await desks.of(first);
    const reason = '申请材料与实际情况不符';

    await test.step(`人社初审: ${first} refuses it`, async () => {
      const row = await findWaiting(page, 'RS_FIRST', number, first);
      await row.getByRole('button', { name: MORE }).click();
      await page.getByRole('menuitem', { name: '拒绝', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '拒绝' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('拒绝后该申请结束，申请人将收到短信通知。')).toBeVisible();
      // The reason is required.
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(dialog.getByText('请选择拒绝原因')).toBeVisible();
      await dialog.getByRole('combobox', { name: '拒绝原因' }).click();
      await option(page, reason).click();
      await dialog.getByRole('textbox', { name: '审批意见' }).fill('实地核查经营情况不符。');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await expect(page.getByText('已拒绝该申请')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rows(page).filter({ hasText: number })).toHaveCount(0);
    });

    await test.step('the processed cases of 人社初审 show it refused, with the reason', async () => {
      const row = await findCase(page, 'RS_FIRST', number, 'processed');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('已拒绝');
      await expect(row.getByRole('button', { name: APPROVE })).toBeDisabled();
      const drawer = await openDetail(page, row, number);
      await expect(drawer.getByLabel('申请当前状态').getByText('已拒绝', { exact: true })).toBeVisible();
      await expect(drawer).toContainText(reason);
      await drawer.getByRole('tab', { name: '审批记录' }).click();
      await expect(recordRows(drawer)).toHaveCount(2);
      await expect(recordRows(drawer).last()).toContainText('拒绝');
      await expect(recordRows(drawer).last()).toContainText(reason);
    });
  });

  test('two tabs approve the same case: the first wins, the second is told of the conflict and nothing is applied twice', async () => {
    test.setTimeout(120_000);
    const { number, first, second } = await submitApplication();
    const one = await desks.of(first);
    const two = await one.context().newPage();

    const rowOne = await findWaiting(one, 'RS_FIRST', number, first);
    const rowTwo = await findWaiting(two, 'RS_FIRST', number, first);
    const next = { stage: STAGES.RS_SECOND.title, person: second };
    const dialogOne = await fillCheck(one, rowOne, next, '第一个标签页：同意。');
    const dialogTwo = await fillCheck(two, rowTwo, next, '第二个标签页：同意。');

    await dialogOne.getByRole('button', { name: OK_BUTTON }).click();
    await expect(one.getByText('审核已通过')).toBeVisible();
    await expect(dialogOne).toBeHidden();

    await dialogTwo.getByRole('button', { name: OK_BUTTON }).click();
    await expect(two.getByText(CONFLICT)).toBeVisible();
    await expect(two.getByText('审核已通过')).toHaveCount(0);
    await expect(dialogTwo).toBeHidden();
    // The list was refreshed: the case no longer waits here.
    await expect(rows(two).filter({ hasText: number })).toHaveCount(0);

    await test.step('one approval only: the case is at 人社复审 with one approval record', async () => {
      const reviewer = await desks.of(second);
      const row = await findWaiting(reviewer, 'RS_SECOND', number, second);
      const drawer = await openDetail(reviewer, row, number);
      await drawer.getByRole('tab', { name: '审批记录' }).click();
      await expect(recordRows(drawer)).toHaveCount(2);
      await expect(recordRows(drawer).filter({ hasText: '审核通过' })).toHaveCount(1);
      await expect(recordRows(drawer).last()).toContainText('第一个标签页：同意。');
      await expect(drawer.getByText('第二个标签页：同意。')).toHaveCount(0);
    });
  });
});
