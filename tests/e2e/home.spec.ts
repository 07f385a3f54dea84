import { expect, test } from '@playwright/test';
import { consoleErrors, openPage, shoot, signInToShell, switchLanguage, waitForShell } from './fixtures';

/** The entry page and the holiday calendar, at 1440 and 375 px in both languages (with SCREENSHOTS=1, .test-data/screenshots/home-*.png). */
const realErrors = (errors: string[]) => errors.filter((e) => !/^Failed to load resource/i.test(e));

test.describe('entry page', () => {
  test('a reviewer starts the day: to-do per stage opening the list behind it, messages in their language', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'renshe');
    const main = page.getByRole('main');
    await expect(main.getByText('我的待办', { exact: true })).toBeVisible();
    // The seeded message reads in Chinese...
    await expect(main.getByRole('link', { name: '有 3 笔贷款申请等待人社初审' })).toBeVisible();
    const waiting = main.getByRole('link', { name: /^人社初审待办 \d+ 笔$/ });
    await expect(waiting).toBeVisible();
    const count = Number(await waiting.textContent());
    expect(count).toBeGreaterThan(0);
    await shoot(page, 'home-renshe-1440-zh', { fullPage: true });

    // ...and in English for an English reader: the same stored message.
    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
    await expect(main.getByRole('link', { name: '3 loan applications waiting for renshe first review' })).toBeVisible();
    await expect(main.getByText('My to-do', { exact: true })).toBeVisible();
    await shoot(page, 'home-renshe-1440-en', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'home-renshe-375-en', { fullPage: true });
    await switchLanguage(page, 'English', '简体中文');
    await waitForShell(page);
    await shoot(page, 'home-renshe-375-zh', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The figure opens the stage's list of the reviewer's own cases, showing as many.
    await main.getByRole('link', { name: /^人社初审待办 \d+ 笔$/ }).click();
    await expect(page).toHaveURL(/\/renshe\/renshe-first\?.*mine=true/);
    await expect(page.getByText(new RegExp(`共 ${count} 条`)).first()).toBeVisible();
    expect(realErrors(errors)).toEqual([]);
  });

  test('an administrator sees the platform\'s figures, each opening the loan query filtered; the holiday calendar screen', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    const main = page.getByRole('main');
    // A figure is a link named by what it shows: its title and its number.
    const figureLink = (title: string | RegExp) => main.getByRole('link').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });
    const inReview = figureLink('审核中');
    await expect(inReview).toBeVisible();
    await expect(figureLink(/^本月申请（\d{4}-\d{2}）$/)).toBeVisible();
    await shoot(page, 'home-admin-1440-zh', { fullPage: true });
    const figure = Number((await inReview.locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));
    await inReview.click();
    await expect(page).toHaveURL(/\/admin\/home\/loan\?status=IN_REVIEW/);
    await expect(page.getByText(new RegExp(`共 ${figure} 条`)).first()).toBeVisible();

    // The pages opened most come first among the quick links.
    await openPage(page, '/admin/setting/business/calendar', '节假日配置');
    await expect(page.getByRole('cell', { name: '元旦调休上班' })).toBeVisible();
    await shoot(page, 'calendar-1440-zh', { fullPage: true });
    await page.reload();
    await waitForShell(page);
    await openPage(page, '/admin/index', '首页');
    await expect(main.getByRole('link', { name: '节假日配置' })).toBeVisible();
    // Opened, then reloaded: two openings, each counted once.
    await expect(main.getByRole('listitem').filter({ hasText: '节假日配置' }).getByText('打开 2 次', { exact: true })).toBeVisible();

    await switchLanguage(page, '简体中文', 'English');
    await waitForShell(page);
    await expect(figureLink('In review')).toBeVisible();
    await shoot(page, 'home-admin-1440-en', { fullPage: true });
    await openPage(page, '/admin/setting/business/calendar', 'Holiday calendar');
    await expect(page.getByText('Make-up working day').first()).toBeVisible();
    await shoot(page, 'calendar-1440-en', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'calendar-375-en', { fullPage: true });
    await openPage(page, '/admin/index', 'Home');
    await shoot(page, 'home-admin-375-en', { fullPage: true });
    await switchLanguage(page, 'English', '简体中文');
    await waitForShell(page);
    await shoot(page, 'home-admin-375-zh', { fullPage: true });
    expect(realErrors(errors)).toEqual([]);
  });
  test('the entry page draws its frame at once and fills the figures in as the service answers', async ({ page }) => {
    await signInToShell(page, 'admin');
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/home/overview', async (route) => { await held; await route.continue(); });
    await page.reload();
    const figures = page.getByRole('region', { name: '平台概况' });
    await expect(figures.locator('.ant-card')).toHaveCount(8);
    await expect(figures.locator('.ant-skeleton')).toHaveCount(8);
    await expect(page.getByRole('heading', { level: 2, name: /^你好，/ })).toBeVisible();
    release();
    await expect(figures.locator('.ant-skeleton')).toHaveCount(0);
    await expect(figures.getByRole('link')).toHaveCount(8);
  });
});
