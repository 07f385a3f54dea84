import { expect, test } from '@playwright/test';
import { expectTabs, openPage, signInToShell, runTabAction } from './fixtures';

test.describe('pass-through pages', () => {
  test('/refresh?url=/log goes back to /log without a tab of its own', async ({ page }) => {
    await signInToShell(page, 'bank');
    await page.goto('/refresh?url=/log');
    await expect(page).toHaveURL(/\/log$/);
    await expect(page.getByRole('main').locator('.ant-card-head-title', { hasText: /^前端日志$/ })).toBeVisible();
    await expectTabs(page, ['首页', '前端日志'], '前端日志');
  });

  test('\'刷新当前页\' in the tab menu reloads the page at its own URL', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/bank/bank-first?pageNum=2', '银行初审');
    await runTabAction(page, 'button', null, '刷新当前页');
    await expect(page).toHaveURL(/\/bank\/bank-first\?pageNum=2$/);
    await expectTabs(page, ['首页', '银行初审'], '银行初审');
  });

  test('/redirect/account goes to /account', async ({ page }) => {
    await signInToShell(page, 'bank');
    await page.goto('/redirect/account');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('main').locator('.ant-card-head-title', { hasText: /^个人中心$/ })).toBeVisible();
    await expectTabs(page, ['首页', '个人中心'], '个人中心');
  });
});

test.describe('front-end log (/log)', () => {
  test('an error thrown in the page is listed with type error, its time and no token in its meta', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/log', '前端日志');
    await expect(page.getByRole('main').getByText('暂无日志')).toBeVisible();

    await page.evaluate(() => { setTimeout(() => { throw new Error('e2e boom'); }); });

    const entry = page.getByRole('main').getByRole('row').filter({ hasText: 'e2e boom' });
    await expect(entry).toHaveCount(1);
    const headers = await page.getByRole('main').getByRole('columnheader').allInnerTexts();
    const cell = (name: string) => entry.getByRole('cell').nth(headers.indexOf(name));
    await expect(cell('类型')).toHaveText('error');
    await expect(cell('时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(cell('信息')).toContainText('e2e boom');
    const meta = await cell('附加信息').innerText();
    expect(meta).toContain('"user":"bank"');
    expect(meta).toContain('/log');
    expect(meta.toLowerCase()).not.toContain('token');

    // It is kept in the browser: still there after a reload, and away after 清空日志.
    await page.reload();
    await expect(entry).toHaveCount(1);
    await page.getByRole('button', { name: '清空日志' }).click();
    await expect(page.getByText('日志已清空')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByRole('main').getByText('暂无日志')).toBeVisible();
  });

  test('an error thrown on another page shows up in the log too', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/bank/bank-first', '银行初审');
    await page.evaluate(() => { setTimeout(() => { throw new Error('e2e boom elsewhere'); }); });
    // Wait until the browser has recorded it before leaving the page.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('lbo.log') ?? '')).toContain('e2e boom elsewhere');
    await openPage(page, '/log', '前端日志');
    const entry = page.getByRole('main').getByRole('row').filter({ hasText: 'e2e boom elsewhere' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('/bank/bank-first');
    await expect(entry).not.toContainText(/token/i);
  });

  // The window 'error' listener (capture phase) also hears load failures of elements that
  // carry no message: a broken <img> is not logged, a <style> the CSP blocks says so
  // (lib/client-log.ts, describeErrorEvent).
  test('a failed image load is not logged as an error \'undefined\'', async ({ page }) => {
    await signInToShell(page, 'bank');
    await openPage(page, '/log', '前端日志');
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/no-such-image.png';
      document.body.append(image);
    });
    await expect.poll(() => page.evaluate(() => {
      const image = document.querySelector<HTMLImageElement>('img[src="/no-such-image.png"]');
      return image ? image.complete : false;
    })).toBe(true);
    // A real error afterwards, so the log has certainly caught up with the image.
    await page.evaluate(() => { setTimeout(() => { throw new Error('e2e after the image'); }); });
    const main = page.getByRole('main');
    await expect(main.getByRole('row').filter({ hasText: 'e2e after the image' })).toHaveCount(1);
    await expect(main.getByRole('cell', { name: 'undefined', exact: true })).toHaveCount(0);
  });
});

test.describe('site icon', () => {
  test('/favicon.ico is an icon, and pages link it', async ({ page }) => {
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    await page.goto('/login');
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /^\/favicon\.ico/);
  });
});
