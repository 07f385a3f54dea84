import { expect, test, type Page } from '@playwright/test';
import { bell, expectTabs, signInToShell } from './fixtures';

/**
 * Each demo user starts with two unread messages (upstream/db/seed/index.ts): a welcome
 * one (opens /admin/index) and a task one (opens their first page). There is no call to
 * create messages, so the tests that read messages use a user of their own: the bank
 * reviewer's messages are read only by the '查看 marks a message read' test, the guarantee
 * reviewer's only by the first '清空' test, the admin's only by the second, and the renshe
 * reviewer's only by the last test (the database is fresh for every run).
 */
const BANK_WELCOME = '欢迎使用创业担保贷款管理平台，银行审核员。';
const BANK_TASK = '有 2 笔贷款申请等待银行初审';

const popover = (page: Page) => page.getByRole('tooltip', { name: /^我的消息/ });
const dialog = (page: Page) => page.getByRole('dialog', { name: '我的消息' });
const row = (page: Page, text: string) => dialog(page).getByRole('row').filter({ hasText: text });

async function openPopover(page: Page) {
  await expect(async () => {
    if (!(await popover(page).isVisible())) await bell(page).click({ timeout: 2_000 });
    await expect(popover(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens 'my messages' from the widget; a click lost while the popover animates is tried again. */
async function openDialog(page: Page) {
  await expect(async () => {
    if (!(await dialog(page).isVisible())) {
      await openPopover(page);
      await popover(page).getByRole('button', { name: '查看全部消息' }).click({ timeout: 2_000 });
    }
    await expect(dialog(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('messages', () => {
  test('the bell shows a dot while there are unread messages, and its widget lists them', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(bell(page)).toHaveAccessibleName('2 条未读消息');
    // The red dot (antd's badge has no accessible handle of its own).
    await expect(bell(page).locator('.ant-badge-dot')).toBeVisible();

    await openPopover(page);
    const list = popover(page).getByRole('listitem');
    await expect(list).toHaveCount(2);
    await expect(list.filter({ hasText: BANK_TASK })).toBeVisible();
    await expect(list.filter({ hasText: BANK_WELCOME })).toBeVisible();
    await expect(popover(page).getByText('已全部加载')).toBeVisible();
    await expect(popover(page).getByRole('button', { name: /^清\s*空$/ })).toBeVisible();
    await expect(popover(page).getByRole('button', { name: '查看全部消息' })).toBeVisible();
  });

  test('\'my messages\' shows content, time, status and a view action, ten a page', async ({ page }) => {
    await signInToShell(page, 'bank');
    const listCall = page.waitForRequest((r) => r.url().endsWith('/api/businessMessage/list') && !('hasRead' in (r.postDataJSON() ?? {})));
    await openDialog(page);
    expect((await listCall).postDataJSON()).toMatchObject({ pageNum: 1, pageSize: 10 });

    await expect(dialog(page).getByRole('columnheader')).toHaveText(['消息内容', '时间', '状态', '操作']);
    await expect(row(page, BANK_TASK)).toBeVisible();
    await expect(row(page, BANK_TASK).getByRole('cell').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(row(page, BANK_TASK).getByRole('cell').nth(2)).toHaveText('未读');
    await expect(row(page, BANK_TASK).getByRole('button', { name: /^查\s*看$/ })).toBeVisible();
    await expect(dialog(page).getByText('共 2 条')).toBeVisible();
  });

  test('the admin\'s message list has no action column', async ({ page }) => {
    await signInToShell(page, 'admin');
    await openDialog(page);
    await expect(dialog(page).getByRole('columnheader')).toHaveText(['消息内容', '时间', '状态']);
    await expect(dialog(page).getByRole('button', { name: /^查\s*看$/ })).toHaveCount(0);
    await expect(dialog(page).getByRole('row')).toHaveCount(3);
  });

  test('\'清空\' in the widget marks everything read: no messages left, and the dot goes', async ({ page }) => {
    await signInToShell(page, 'guarantee');
    await expect(bell(page)).toHaveAccessibleName('2 条未读消息');
    await openPopover(page);
    await expect(popover(page).getByRole('listitem')).toHaveCount(2);
    await popover(page).getByRole('button', { name: /^清\s*空$/ }).click();
    await expect(page.getByText('已全部标为已读')).toBeVisible();
    await expect(popover(page).getByText('暂无消息')).toBeVisible();
    await expect(popover(page).getByRole('listitem')).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('消息');
    await expect(bell(page).locator('.ant-badge-dot')).toHaveCount(0);

    // The messages themselves are still there, read.
    await openPopover(page);
    await popover(page).getByRole('button', { name: '查看全部消息' }).click();
    await expect(dialog(page).getByRole('row').filter({ hasText: '未读' })).toHaveCount(0);
    await expect(dialog(page).getByRole('row').filter({ hasText: '已读' })).toHaveCount(2);
  });

  // '清空' refreshes the unread count too, not only the widget's list: the dot goes at once,
  // well before the next 10-second poll. Uses the admin, whose messages no other test reads
  // or needs unread.
  test('\'清空\' takes the dot away at once', async ({ page }) => {
    await signInToShell(page, 'admin');
    await expect(bell(page)).toHaveAccessibleName('2 条未读消息');
    await openPopover(page);
    await expect(popover(page).getByRole('listitem')).toHaveCount(2);
    await popover(page).getByRole('button', { name: /^清\s*空$/ }).click();
    await expect(page.getByText('已全部标为已读')).toBeVisible();
    await expect(popover(page).getByText('暂无消息')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('消息', { timeout: 2_000 });
    await expect(bell(page).locator('.ant-badge-dot')).toHaveCount(0);
  });

  test('\'查看\' marks a message read and opens its page; the dot goes with the last unread one', async ({ page }) => {
    await signInToShell(page, 'bank');
    await expect(bell(page)).toHaveAccessibleName('2 条未读消息');

    await test.step('the task message opens the bank\'s first page', async () => {
      await openDialog(page);
      await row(page, BANK_TASK).getByRole('button', { name: /^查\s*看$/ }).click();
      await expect(page).toHaveURL(/\/bank\/bank-first$/);
      await expect(dialog(page)).toBeHidden();
      await expectTabs(page, ['首页', '银行初审'], '银行初审');
      await expect(bell(page)).toHaveAccessibleName('1 条未读消息');
      await expect(bell(page).locator('.ant-badge-dot')).toBeVisible();
    });

    await test.step('it is now read, the other one still unread', async () => {
      await openDialog(page);
      await expect(row(page, BANK_TASK).getByRole('cell').nth(2)).toHaveText('已读');
      await expect(row(page, BANK_WELCOME).getByRole('cell').nth(2)).toHaveText('未读');
    });

    await test.step('the welcome message opens the entry page, and no unread message is left', async () => {
      await row(page, BANK_WELCOME).getByRole('button', { name: /^查\s*看$/ }).click();
      await expect(page).toHaveURL(/\/admin\/index$/);
      await expect(bell(page)).toHaveAccessibleName('消息');
      await expect(bell(page).locator('.ant-badge-dot')).toHaveCount(0);
    });
  });

  // '查看' refreshes the bell widget's list too (its useSWRInfinite cache has a key of its
  // own): opened again at once, within SWR's 2-second dedupe window, the widget no longer
  // lists the message just read. Uses the renshe reviewer, whose messages no other test reads.
  test('after \'查看\' the widget no longer lists the message', async ({ page }) => {
    const task = '有 3 笔贷款申请等待人社初审';
    await signInToShell(page, 'renshe');
    await openPopover(page);
    await expect(popover(page).getByRole('listitem').filter({ hasText: task })).toBeVisible();
    // Other tests may have sent this reviewer a case (an entered application goes to a renshe reviewer): count from what is there.
    const unread = await popover(page).getByRole('listitem').count();
    await popover(page).getByRole('button', { name: '查看全部消息' }).click();
    await row(page, task).getByRole('button', { name: /^查\s*看$/ }).click();
    await expect(page).toHaveURL(/\/renshe\/renshe-first$/);
    await expect(bell(page)).toHaveAccessibleName(unread > 1 ? `${unread - 1} 条未读消息` : '消息');
    await openPopover(page);
    await expect(popover(page).getByRole('listitem')).toHaveCount(unread - 1);
    await expect(popover(page).getByRole('listitem').filter({ hasText: task })).toHaveCount(0);
  });
});
