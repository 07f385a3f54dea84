import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { adminApi, apiLogin, baseURL, call, consoleErrors, OK_BUTTON, openPage, resetLanguage, shoot, signInToShell, switchLanguage, waitForShell } from './fixtures';

/**
 * Data push from the administrator's side: an event whose receiver was down is shown failed
 * (given up after the attempt limit), its payload is read, and once the receiver is up a push
 * delivers it. The supervision sync log shows the daily batch the worker made. The e2e
 * server's worker polls every half second with two attempts (scripts/e2e-server.mjs).
 */
const SECRET = `e2e-secret-${randomUUID()}`;
const SEARCH = /(查\s*询|Search)$/;

/** A receiver on 127.0.0.1 in the test process that counts the valid deliveries it gets. */
class Receiver {
  valid = 0;
  invalid = 0;
  private server: Server | null = null;
  constructor(public port = 0) {}
  async up() {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const expected = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
        if (req.headers['x-lbo-signature'] === expected) this.valid += 1;
        else this.invalid += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }
  async down() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  }
}

/** Submits an application and has its renshe reviewer refuse it (through the API): the REFUSED event is written. */
async function refusedApplication(): Promise<string> {
  const api = await adminApi();
  try {
    const orgs = async (type: string) => (await call<{ id: number }[]>(api, 'systemOrganiza/getInstitutionDropdown', { type })).data[0]!.id;
    const birth = '19900307';
    const first17 = `430102${birth}${String(Math.floor(Math.random() * 90) + 10)}1`;
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const check = '10X98765432'[[...first17].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11]!;
    const submitted = await call<{ id: number; number: string }>(api, 'channel/application/submit', {
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: { name: '推送测试', idNumber: first17 + check, mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生', address: '长沙市芙蓉区' },
      businessName: '推送测试店', businessScope: '零售', amount: 100000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
      rensheOrgId: await orgs('RENSHE'), guaranteeOrgId: await orgs('GUARANTEE'), bankOrgId: await orgs('BANK'),
    });
    expect(submitted.code, submitted.message).toBe(200);
    const { id, number } = submitted.data;
    const listed = await call<{ list: { id: number; version: number }[] }>(api, 'businessClubFirstTrial/getList', { stage: 'RS_FIRST', number, pageNum: 1, pageSize: 10 });
    const version = listed.data.list[0]!.version;
    // Intake hands the case to the least busy renshe reviewer: the one whose refusal is taken.
    for (const reviewer of ['renshe', 'renshe2', 'renshe3']) {
      const desk = await playwrightRequest.newContext({ baseURL: baseURL() });
      try {
        expect((await apiLogin(desk, reviewer)).code).toBe(200);
        const reasons = await call<{ id: number }[]>(desk, 'staterefuseconfig/options', { stage: 'RS_FIRST' });
        const refused = await call(desk, 'businessClubFirstTrial/refuse', { id, version, key: randomUUID(), reasonId: reasons.data[0]!.id, opinion: '推送测试' });
        if (refused.code === 200) return number;
      } finally {
        await desk.dispose();
      }
    }
    throw new Error(`nobody could refuse ${number}`);
  } finally {
    await api.dispose();
  }
}

test.describe.serial('data push', () => {
  const receiver = new Receiver();

  test.afterAll(async () => {
    await receiver.down();
    await resetLanguage('admin');
  });

  test('a failed push is seen, its payload read, and re-pushed to the receiver now up; the supervision log shows the daily batch', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = consoleErrors(page);
    // A port nobody listens on: the receiver is down.
    await receiver.up();
    await receiver.down();
    const api = await adminApi();
    try {
      const added = await call(api, 'pushTarget/add', { name: `监管接收方-${randomUUID().slice(0, 6)}`, url: `http://127.0.0.1:${receiver.port}/hook`, secret: SECRET, events: ['REFUSED'] });
      expect(added.code, added.message).toBe(200);
    } finally {
      await api.dispose();
    }
    const number = await refusedApplication();

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    await openPage(page, '/push-data/index', '数据推送日志');
    const row = page.locator('tr.ant-table-row').filter({ hasText: number });

    await test.step('the event shows failed: given up after the attempts, with the error', async () => {
      await page.getByLabel('申请编号').fill(number);
      await expect(async () => {
        await page.getByRole('button', { name: SEARCH }).click({ timeout: 2_000 });
        await expect(row).toContainText('已放弃', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText('已拒绝');
      await expect(row).toContainText('无法连接');
      await expect(row).toContainText('2 / 2');
      await shoot(page, 'push-1440-zh-log', { fullPage: true });
    });

    await test.step('its payload opens in a dialog', async () => {
      await row.getByRole('button', { name: /^(报\s*文)$/ }).click();
      const dialog = page.getByRole('dialog', { name: `${number} 的推送报文` });
      await expect(dialog.getByTestId('push-payload')).toContainText(`"number": "${number}"`);
      await expect(dialog.getByTestId('push-payload')).toContainText('"event": "REFUSED"');
      await shoot(page, 'push-1440-zh-payload', { fullPage: true });
      await dialog.getByRole('button', { name: /^(关\s*闭|Close)$/ }).last().click();
      await expect(dialog).toBeHidden();
    });

    await test.step('with the receiver up, a push delivers it', async () => {
      await receiver.up();
      await row.getByRole('button', { name: /^(推\s*送)$/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
      await expect(page.getByText('已加入推送队列')).toBeVisible();
      await expect(async () => {
        await page.getByRole('button', { name: SEARCH }).click({ timeout: 2_000 });
        await expect(row).toContainText('已送达', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      // The HTTP code is a secondary column: shown from the column settings.
      await page.getByRole('button', { name: '列设置' }).click();
      await page.locator('.ant-popover:visible').getByRole('checkbox', { name: '最近 HTTP 状态码' }).check();
      await page.keyboard.press('Escape');
      await expect(row).toContainText('200');
      expect(receiver.valid).toBe(1);
      expect(receiver.invalid).toBe(0);
    });

    await test.step('the targets view lists the target with its secret masked', async () => {
      await page.locator('.ant-segmented').getByText('推送目标', { exact: true }).click();
      await expect(page).toHaveURL(/view=targets/);
      await expect(page.locator('tr.ant-table-row').filter({ hasText: '监管接收方' }).first()).toContainText(`••••${SECRET.slice(-4)}`);
      await expect(page.getByText(SECRET)).toHaveCount(0);
      await shoot(page, 'push-1440-zh-targets', { fullPage: true });
    });

    await test.step('the supervision sync log shows the daily batch from the simulated platform', async () => {
      await openPage(page, '/renshe-push-log/log', '人社监管同步日志');
      const batch = page.locator('tr.ant-table-row').filter({ hasText: '模拟平台' }).first();
      await expect(async () => {
        await page.getByRole('button', { name: SEARCH }).click({ timeout: 2_000 });
        await expect(batch).toContainText('成功', { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await shoot(page, 'renshe-push-1440-zh', { fullPage: true });
    });

    await test.step('in English, and on a phone', async () => {
      await switchLanguage(page, '简体中文', 'English');
      await waitForShell(page);
      await expect(page.getByText('Simulated platform').first()).toBeVisible();
      await shoot(page, 'renshe-push-1440-en', { fullPage: true });
      await openPage(page, '/push-data/index', 'Data push log');
      await expect(page.getByRole('columnheader', { name: 'Next retry' })).toBeVisible();
      await shoot(page, 'push-1440-en-log', { fullPage: true });
      await page.setViewportSize({ width: 375, height: 740 });
      await shoot(page, 'push-375-en-log', { fullPage: true });
      await switchLanguage(page, 'English', '简体中文');
      await waitForShell(page);
      await shoot(page, 'push-375-zh-log', { fullPage: true });
      await openPage(page, '/renshe-push-log/log', '人社监管同步日志');
      await shoot(page, 'renshe-push-375-zh', { fullPage: true });
    });
    expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
  });
});
