import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
/** This worker's server (playwright.config.ts, scripts/e2e-server.mjs): its data folder and its log. */
export const SERVER_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const SERVER_DIR = join(process.cwd(), '.test-data', 'e2e', String(SERVER_INDEX));
export const SERVER_LOG = join(SERVER_DIR, 'server.log');

/** The seeded demo accounts (upstream/db/seed/index.ts). */
export const DEMO_USERS = {
  admin: { nickname: '系统管理员', mobile: '13800000000' },
  renshe: { nickname: '人社审核员', mobile: '13800000001' },
  guarantee: { nickname: '担保审核员', mobile: '13800000002' },
  bank: { nickname: '银行审核员', mobile: '13800000003' },
} as const;

/** Button names (a two-character Chinese label is written without an inserted space; the patterns accept either). */
const LOGIN_BUTTON = /^(登\s*录|Sign in)$/;
export const REGISTER_BUTTON = /^(注\s*册|Sign up)$/;
export const OK_BUTTON = /^(确\s*定|OK)$/;
export const CANCEL_BUTTON = /^(取\s*消|Cancel)$/;
/** The captcha button while its resend countdown runs, e.g. '59 秒'. */
export const COUNTDOWN_BUTTON = /^\d{1,2} (秒|seconds)$/;

/** The server the tests run against (playwright.config.ts). */
export function baseURL(): string {
  return test.info().project.use.baseURL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + SERVER_INDEX}`;
}

// ---------------------------------------------------------------------------------------------
// Sign-in through the browser
// ---------------------------------------------------------------------------------------------

/** Fills the login form (Chinese or English page) without submitting it. */
export async function fillLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByPlaceholder(/^(用户名|Username)$/).fill(username);
  await page.getByPlaceholder(/^(密码|Password)$/).fill(password);
}

export const loginButton = (page: Page) => page.getByRole('button', { name: LOGIN_BUTTON });

/** Signs in through the login page and waits for the entry page. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, username, password);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/admin\/index$/);
}

/**
 * Clicks a dropdown's trigger until its menu shows `item` (a click before the page has
 * hydrated does nothing, so one click is not enough right after a navigation).
 */
async function openDropdown(trigger: Locator, item: Locator) {
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.click({ timeout: 2_000 });
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a dropdown and clicks one of its entries, opening it again when it closed before the
 * click landed (a page that finishes rendering under an open menu can move or close it).
 */
async function chooseFromDropdown(open: () => Promise<void>, item: Locator) {
  await expect(async () => {
    if (!(await item.isVisible())) await open();
    await expect(item).toBeVisible({ timeout: 1_000 });
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A menu entry by its label (antd adds the icon's name to the entry's accessible name), in the page or a part of it. */
export const menuItem = (page: Page | Locator, label: string | RegExp) =>
  page.getByRole('menuitem', { name: label instanceof RegExp ? label : new RegExp(`(^|\\s)${label}$`) });

/** Opens the user dropdown in the header (its button is named after the user's nickname). */
export async function openUserMenu(page: Page, nickname: string) {
  await openDropdown(page.getByRole('button', { name: nickname, exact: true }), menuItem(page, /(修改密码|Change password)$/));
}

/** Opens the user dropdown in the header and chooses one of its entries. */
export async function chooseUserMenuItem(page: Page, nickname: string, label: string | RegExp) {
  const trigger = page.getByRole('button', { name: nickname, exact: true });
  await chooseFromDropdown(() => trigger.click({ timeout: 2_000 }), menuItem(page, label));
}

/** User menu -> log out -> confirm; ends on the login page. */
export async function logOut(page: Page, nickname: string) {
  await chooseUserMenuItem(page, nickname, /(退出登录|Log out)$/);
  await page.getByRole('dialog', { name: /^(退出确认|Logout confirmation)$/ }).getByRole('button', { name: OK_BUTTON }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Switches the language through the language menu (its button shows the current language). */
export async function switchLanguage(page: Page, from: '简体中文' | 'English', to: '简体中文' | 'English') {
  const trigger = page.getByRole('button', { name: from, exact: true });
  await chooseFromDropdown(() => trigger.click({ timeout: 2_000 }), page.getByRole('menuitem', { name: to, exact: true }));
  await expect(page.getByRole('button', { name: to, exact: true })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// Demo SMS codes (there is no gateway: the embedded service logs them)
// ---------------------------------------------------------------------------------------------

/** A position in the server log: pass it to lastSmsCode to ignore codes logged before it. */
export function smsLogMark(): number {
  try {
    return statSync(SERVER_LOG).size;
  } catch {
    return 0;
  }
}

/**
 * The newest demo SMS code the server logged for a mobile (there is no gateway; the
 * embedded default prints codes). The log shows the mobile masked, e.g. 138****0000, so
 * pass `since` (from smsLogMark, taken before the code was requested) to be sure the code
 * is the one just requested.
 */
export async function lastSmsCode(mobile: string, purpose: 'LOGIN' | 'REGISTER', since = 0): Promise<string> {
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
  let code: string | undefined;
  await expect.poll(() => {
    const lines = readFileSync(SERVER_LOG).subarray(since).toString('utf8').split('\n')
      .filter((l) => l.includes(`${purpose} code for ${masked} is`));
    code = lines.at(-1)?.match(/is (\d{6})/)?.[1];
    return code;
  }, { message: `a ${purpose} code for ${masked} in the server log` }).toBeTruthy();
  return code!;
}

// ---------------------------------------------------------------------------------------------
// Accounts and calls through the API (set-up steps, not what the tests assert)
// ---------------------------------------------------------------------------------------------

export interface Account { mail: string; password: string; mobile: string; nickname: string }

let accountSeq = 0;
/** A new, unused account: unique mail and mobile (1 followed by 10 digits). */
export function newAccount(password = 'Passw0rd1'): Account {
  accountSeq += 1;
  const stamp = `${Date.now()}`.slice(-6);
  const nickname = `e2e${stamp}${accountSeq}${Math.floor(Math.random() * 1000)}`;
  const digits = `${stamp}${String(accountSeq % 100).padStart(2, '0')}${Math.floor(Math.random() * 100).toString().padStart(2, '0')}`;
  return { mail: `${nickname}@example.com`, password, mobile: `139${digits.slice(-8)}`, nickname };
}

interface Envelope<T = unknown> { code: number; message: string; data: T }

export async function call<T = unknown>(api: APIRequestContext, path: string, data: unknown = {}): Promise<Envelope<T>> {
  const response = await api.post(`/api/${path}`, { data });
  return (await response.json()) as Envelope<T>;
}

/**
 * Registers an account through the API (sendSms + register, reading the code from the log).
 * The request context is signed in as the new user afterwards; with `page.request` that is
 * the page's browser context.
 */
export async function registerUser(api: APIRequestContext, account: Account = newAccount()): Promise<Account> {
  const mark = smsLogMark();
  const sent = await call(api, 'admin/sendSms', { purpose: 'REGISTER', mobile: account.mobile });
  expect(sent.code, sent.message).toBe(200);
  const captcha = await lastSmsCode(account.mobile, 'REGISTER', mark);
  const registered = await call(api, 'admin/register', { mail: account.mail, password: account.password, mobile: account.mobile, captcha });
  expect(registered.code, registered.message).toBe(200);
  return account;
}

/** Signs a request context in through the API (with an SMS code when given). */
export async function apiLogin(api: APIRequestContext, username: string, password = DEMO_PASSWORD, code?: string) {
  return call<{ info: { username: string } }>(api, 'admin/login', { username, password, ...(code ? { code } : {}) });
}

/**
 * Signs in as admin in a new request context, asking for and using an SMS login code when
 * the SMS switch requires one (codes: at most one per mobile per 60 s).
 */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  let result = await apiLogin(api, 'admin');
  if (result.code === 422) {
    const mark = smsLogMark();
    const sent = await call(api, 'admin/sendSms', { purpose: 'LOGIN', username: 'admin' });
    expect(sent.code, sent.message).toBe(200);
    result = await apiLogin(api, 'admin', DEMO_PASSWORD, await lastSmsCode(DEMO_USERS.admin.mobile, 'LOGIN', mark));
  }
  expect(result.code, result.message).toBe(200);
  return api;
}

/** The smallest PNG header the service takes as an image. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

/** Uploads a file of each kind to a case, as the applicants' channel does (renshe first review approves only with the key group's proof). */
export async function uploadFiles(api: APIRequestContext, applicationId: number, kinds: string[]) {
  for (const kind of kinds) {
    const uploaded = await api.post('/api/upload/uploadFile', {
      multipart: { applicationId: String(applicationId), kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG) } },
    });
    expect((await uploaded.json()).code).toBe(200);
  }
}

/** Uploads the proof documents a case at renshe first review lacks (by its number, as admin). */
export async function supplyProofs(number: string) {
  const api = await adminApi();
  try {
    const listed = await call<{ list: { id: number }[] }>(api, 'businessClubFirstTrial/getList', { stage: 'RS_FIRST', number, pageNum: 1, pageSize: 10 });
    const id = listed.data.list[0]!.id;
    const detail = await call<{ proofs: { kind: string; uploaded: boolean }[] }>(api, 'businessClubFirstTrial/unfold', { id });
    await uploadFiles(api, id, detail.data.proofs.filter((p) => !p.uploaded).map((p) => p.kind));
  } finally {
    await api.dispose();
  }
}

/** Turns the 'SMS code at login' switch on or off (as admin, through the API). */
export async function setSmsSwitch(on: boolean) {
  const api = await adminApi();
  try {
    const updated = await call(api, 'systemParam/update', { key: 'sms.loginSwitch', value: on ? '1' : '0' });
    expect(updated.code, updated.message).toBe(200);
    const state = await call<{ smsSwitch: boolean }>(api, 'mobile/public/getSmsSwitch');
    expect(state.data.smsSwitch).toBe(on);
  } finally {
    await api.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// The admin shell: side menu, tab bar, header
// ---------------------------------------------------------------------------------------------

/** The side menu's container (antd gives it no accessible name; its class is the only handle). */
export const sider = (page: Page) => page.locator('.ant-layout-sider');

/** An entry of the side menu (a group or a page) by its label. */
export const sideMenuItem = (page: Page, label: string) => menuItem(sider(page), label);

/** Labels of the side menu's entries a person sees (open groups show their pages). */
export const sideMenuEntries = (page: Page) => sider(page).getByRole('menuitem');

/** Expected entry texts where a workbench entry may carry its pending-case badge (e.g. '银行初审18'). */
export const withBadges = (labels: string[]) => labels.map((label) => new RegExp(`^${label}(\\d+\\+?)?$`));

/**
 * Opens a page from the side menu (or the mobile drawer): opens its group when the page's
 * entry is not shown yet, then clicks the entry.
 */
export async function openFromMenu(page: Page, group: string, label: string, scope: Locator = sider(page)) {
  const entry = menuItem(scope, label);
  await expect(async () => {
    if (!(await entry.isVisible())) await menuItem(scope, group).click({ timeout: 2_000 });
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
}

/** The tab bar's tabs: the page's first tab list, before any of a screen's own. */
export const tabBar = (page: Page) => page.getByRole('tablist').first();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A tab's title as a pattern: a focused tab also holds antd's hidden live-region text
 * 'Tab 1 of 3' (in its text and accessible name), which is ignored.
 */
const tabTitle = (title: string) => new RegExp(`^(Tab \\d+ of \\d+\\s*)?${escapeRegExp(title)}$`);

/** A tab by its title. */
export const tab = (page: Page, title: string) => tabBar(page).getByRole('tab', { name: tabTitle(title) });

/** The close mark of a tab (part of the tab for a pointer; the keyboard closes with Delete or the tab actions). */
export const closeButton = (page: Page, title: string) =>
  tab(page, title).locator('[data-tab-close]');

/** Asserts the titles of the open tabs, in order, and which one is active. */
export async function expectTabs(page: Page, titles: string[], active: string) {
  await expect(tabBar(page).getByRole('tab')).toHaveText(titles.map(tabTitle));
  await expect(tab(page, active)).toHaveAttribute('aria-selected', 'true');
}

/** An element of each of the shell's parts the server draws and the browser hydrates later. */
export const SHELL_PARTS = '.ant-layout-sider .ant-menu, .ant-layout-header button, .ant-tabs';

/** Whether the selector finds elements and React has hydrated each of them (it keeps its fiber on each). */
export const partsHydrated = (selector: string) => {
  const elements = [...document.querySelectorAll(selector)];
  return elements.length > 0 && elements.every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
};

/**
 * Holds back, by `ms` each, the scripts the page at `url` loads after its first load (those its
 * HTML does not name: the shell's deferred parts, dialogs): returns how many were held so far.
 */
export async function holdLaterScripts(page: Page, url: string, ms: number): Promise<() => number> {
  const html = await (await page.request.get(url)).text();
  const firstLoad = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map(([, src]) => src));
  let held = 0;
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await route.continue();
  });
  return () => held;
}

/**
 * Waits until the shell has taken over the page (hydrated): the tab bar then stores its
 * tabs in this browser with the page's tab active. The server's HTML already shows the tab,
 * so a test that goes on at once would act on a page that does not respond yet (and
 * leaving it at that moment would lose the tabs of earlier pages).
 */
export async function waitForShell(page: Page) {
  // The side menu, the header's controls and the tab bar hydrate when their code has come
  // (deferredPart): a click before then does nothing.
  await expect.poll(() => page.evaluate(partsHydrated, SHELL_PARTS), { message: 'the shell\'s parts are hydrated' }).toBe(true);
  await expect.poll(() => page.evaluate(() => {
    // A reloaded document still sees the tabs the page before stored: wait for this one's shell.
    if (document.documentElement.dataset.shell !== 'ready') return false;
    const here = window.location.pathname;
    return Object.keys(window.localStorage).filter((key) => key.startsWith('lbo.tabs.')).some((key) => {
      try {
        return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { active?: string }).active === here;
      } catch {
        return false;
      }
    });
  }), { message: 'the shell is ready (its tabs are stored)' }).toBe(true);
}

/** Signs in (fixtures' signIn) and waits until the entry page's shell responds. */
export async function signInToShell(page: Page, username: string, password = DEMO_PASSWORD) {
  await signIn(page, username, password);
  await waitForShell(page);
}

/** The storage state a spec keeps for a user: `.test-data/<spec>-<user>-<server>.json`. */
export const stateFile = (spec: string, username: string) => join(process.cwd(), '.test-data', `${spec}-${username}-${SERVER_INDEX}.json`);

/**
 * Signs each user in once for a spec and keeps the storage state its tests use (`stateFile`); a
 * file newer than this worker's server is reused. Each context starts from an empty state of its
 * own, whatever the spec's `use()` names.
 */
export async function keepSignedIn(browser: Browser, spec: string, usernames: readonly string[]) {
  for (const username of usernames) {
    const file = stateFile(spec, username);
    if (existsSync(file) && statSync(file).mtimeMs > statSync(SERVER_DIR).ctimeMs) continue;
    const context = await browser.newContext({ locale: 'zh-CN', storageState: { cookies: [], origins: [] } });
    await signInToShell(await context.newPage(), username);
    await context.storageState({ path: file });
    await context.close();
  }
}

/** Opens a page by its address and waits until its tab is the active one and the shell is ready. */
export async function openPage(page: Page, url: string, title: string) {
  await page.goto(url);
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
  await waitForShell(page);
}

/**
 * Opens a dropdown menu entry: right-click on a tab (its context menu) or a click on the
 * '标签操作' button at the end of the bar (the same actions for the active tab).
 */
const openTabActions = (page: Page, via: 'context menu' | 'button', title: string | null) => () =>
  via === 'context menu'
    ? tab(page, title!).click({ button: 'right', timeout: 2_000 })
    : page.getByRole('navigation', { name: /^(已打开的页面|Open pages)$/ }).getByRole('button', { name: /^(标签操作|Tab actions)$/ }).click({ timeout: 2_000 });

/** Opens the tab actions (a tab's context menu, or the bar's button for the active tab) and returns one entry. */
export async function tabAction(page: Page, via: 'context menu' | 'button', title: string | null, action: string | RegExp) {
  const item = menuItem(page, action);
  await expect(async () => {
    if (!(await item.isVisible())) await openTabActions(page, via, title)();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return item;
}

/** Chooses one of the tab actions. */
export async function runTabAction(page: Page, via: 'context menu' | 'button', title: string | null, action: string | RegExp) {
  await chooseFromDropdown(openTabActions(page, via, title), menuItem(page, action));
}

/** The header's bell: named '消息', or 'N 条未读消息' while something is unread. */
export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(消息|\d+ 条未读消息|Messages|\d+ unread messages?)$/ });

/** A text a page was not given, as the provider reports it in the console (lib/client-messages.ts: 'Missing message: ...'). */
export const isMissingText = (message: ConsoleMessage) => message.type() === 'error' && message.text().startsWith('Missing message');

/**
 * In a spec file: each test fails when a page of it showed a text it was not given.
 * The test's own context is watched; pass a context the test opens itself through the answer.
 */
export function failOnMissingTexts(): <T extends BrowserContext>(context: T) => T {
  const missing: string[] = [];
  const watch = <T extends BrowserContext>(context: T) => {
    context.on('console', (message) => { if (isMissingText(message)) missing.push(message.text()); });
    return context;
  };
  test.beforeEach(({ context }) => { missing.length = 0; watch(context); });
  test.afterEach(() => { expect(missing, 'texts the page was not given').toEqual([]); });
  return watch;
}

/**
 * How far each table of the page reaches past its box, and which headers do not read whole
 * (no text wider than its cell, no word broken over two lines: 'Applica-tions'); none when all fit.
 */
export async function tableOverflows(page: Page): Promise<string[]> {
  const wide = await page.locator('.ant-table-content, .ant-table-body').evaluateAll((tables) =>
    tables.filter((el) => (el as HTMLElement).offsetParent && el.scrollWidth > el.clientWidth)
      .map((el, i) => `table ${i} by ${el.scrollWidth - el.clientWidth} px`));
  const cut = await page.locator('.ant-table-thead th').evaluateAll((cells) => cells.filter((th) => {
    if (!(th as HTMLElement).offsetParent || !th.textContent?.trim()) return false;
    const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? (th as HTMLElement);
    const style = getComputedStyle(title);
    const inner = title.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(title);
    if (range.getBoundingClientRect().width > inner + 1) return true;
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return title.textContent!.trim().split(/\s+/).some((word) => canvas.measureText(word).width > inner + 1);
  }).map((th) => `header "${th.textContent?.trim()}" cut`));
  return [...wide, ...cut];
}

/** Collects the page's console errors (call before the page loads). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A request context signed in as a demo user (with an SMS code if the switch requires one). */
async function userApi(username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  let result = await apiLogin(api, username);
  if (result.code === 422) {
    const mobile = Object.entries(DEMO_USERS).find(([name]) => name === username)?.[1].mobile ?? '';
    const mark = smsLogMark();
    const sent = await call(api, 'admin/sendSms', { purpose: 'LOGIN', username });
    expect(sent.code, sent.message).toBe(200);
    result = await apiLogin(api, username, DEMO_PASSWORD, await lastSmsCode(mobile, 'LOGIN', mark));
  }
  expect(result.code, result.message).toBe(200);
  return api;
}

/**
 * Sets a demo user's stored language back to Chinese (tests that switch a demo user to
 * English call it in `finally`, so later tests see the user in Chinese).
 */
export async function resetLanguage(username: string) {
  const api = await userApi(username);
  try {
    const set = await call(api, 'admin/setLocale', { locale: 'zh-CN' });
    expect(set.code, set.message).toBe(200);
  } finally {
    await api.dispose();
  }
}

/**
 * Opens the logout confirmation from the user menu. Under load the menu can open before its
 * items respond, so the menu is opened again until the dialog shows.
 */
export async function openLogoutDialog(page: Page, nickname: string) {
  const dialog = page.getByRole('dialog', { name: '退出确认' });
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await chooseUserMenuItem(page, nickname, '退出登录');
    }
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

/**
 * Runs a row's action by its label: its button when it stands in the row, else from the row's
 * 更多 menu (the screen engine puts there the buttons that do not fit the actions column).
 */
export async function rowAction(row: Locator, name: string | RegExp) {
  const inline = row.getByRole('button', { name });
  const item = row.page().getByRole('menuitem', { name }).filter({ visible: true });
  // The actions column may still widen and take the action in (it is measured against the
  // table's room once the rows are drawn): look for it in the row again on every try.
  await expect(async () => {
    if (await inline.count()) return;
    if (!(await item.isVisible())) await row.getByRole('button', { name: /^(更多|More)/ }).click({ timeout: 2_000 });
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  if (await inline.count()) return inline.click();
  await item.click();
}

/** Waits until the page's own calls have answered (no spinner or skeleton left). */
export async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
}

/** Whether browser tests save screenshots for a person to look at (SCREENSHOTS=1); a plain run takes none. */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';

interface ShotOptions { fullPage?: boolean; /** Each width in turn, saved as NAME-WIDTH.png, then back to the first. */ widths?: number[]; dir?: 'screenshots' | 'screens' }

/**
 * With SCREENSHOTS=1, saves the page as .test-data/screenshots/NAME.png (or under `dir`) once its
 * fonts are ready and no hover shows; without it, nothing.
 */
export async function shoot(page: Page, name: string, { fullPage = false, widths, dir = 'screenshots' }: ShotOptions = {}) {
  if (!SCREENSHOTS) return;
  const folder = join(process.cwd(), '.test-data', dir);
  mkdirSync(folder, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  const height = page.viewportSize()?.height ?? 900;
  for (const width of widths ?? [null]) {
    if (width) await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(folder, width ? `${name}-${width}.png` : `${name}.png`), fullPage });
  }
  if (widths) await page.setViewportSize({ width: widths[0]!, height });
}

/**
 * Signs the administrator in at a phone's width and opens each screen [path, Chinese title,
 * English title] in Chinese, then in English: each shows its title and finishes loading, and no
 * page logs an error other than a failed resource load. Shots are named PREFIX-375-LANGUAGE-PAGE.
 */
export async function phoneRound(page: Page, prefix: string, screens: readonly (readonly [string, string, string])[]) {
  const width = 375;
  await page.setViewportSize({ width, height: 900 });
  const errors = consoleErrors(page);
  await signIn(page, 'admin');
  for (const [locale, index] of [['zh', 1], ['en', 2]] as const) {
    if (locale === 'en') {
      await page.goto(screens[0]![0]);
      await switchLanguage(page, '简体中文', 'English');
    }
    for (const screen of screens) {
      await page.goto(screen[0]);
      await expect(page.getByRole('main').getByText(screen[index], { exact: true }).filter({ visible: true }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main').locator('.ant-skeleton')).toHaveCount(0);
      await shoot(page, `${prefix}-${width}-${locale}-${screen[0].split('/').pop()}`, { fullPage: true });
    }
  }
  expect(errors.filter((e) => !/^Failed to load resource/i.test(e))).toEqual([]);
}
