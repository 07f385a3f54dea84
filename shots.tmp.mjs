import { chromium } from '@playwright/test';
const base = process.argv[2] ?? 'http://127.0.0.1:3400';
const pages = (process.argv[3] ?? '/admin/setting/system/user').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'] });
for (const locale of ['zh-CN', 'en']) {
  for (const width of [1440, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, locale, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const res = await page.request.post(`${base}/api/admin/login`, { data: { username: process.argv[4] ?? 'admin', password: 'demo1234' }, headers: { origin: base } });
    if ((await res.json()).code !== 200) throw new Error('login failed');
    await page.request.post(`${base}/api/admin/setLocale`, { data: { locale }, headers: { origin: base } });
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const name = `${path.replace(/\W+/g, '_')}-${locale}-${width}`;
      await page.screenshot({ path: `/tmp/shots/${name}.png` });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
