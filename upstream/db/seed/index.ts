import type { Kysely } from 'kysely';
import type { Database, OrgType, StoredParams } from '../schema';
import { storedText } from '../../core/stored-text';
import { BUTTON_TITLES, MENU_ROUTES, type RouteNode } from '../../../lib/contract/menu-routes';
import { hashPassword } from '../../core/crypto';
import { REGIONS } from './regions-data';
import { REGION_NAMES_EN } from './regions-en';
import { seedWorkflowDemo, seedWorkflowReference } from './workflow';
import { seedLookupDemo } from './lookups';
import { seedContentDemo } from './content';
import { SEEDED_ROLE_TEXTS } from '../migration-role-names';
import { adjustReviewerRoles } from './roles';
import { grantPostLoan, grantSubsidy } from './post-loan-grants';
import { seedFundDemo } from './fund-contributions';
import { seedLoanHistories } from './loan-histories';
import { fillSubsidies } from '../../modules/subsidy/backfill';
import { seedSubsidyDemo } from './subsidy-claims';
import { openMissingAccounts } from '../../modules/loans/backfill';

type Trx = Kysely<Database>;

/** Reference data every installation needs: regions, the menu tree and system parameters. Idempotent. */
export async function seedReference(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    const regions = await trx.selectFrom('region').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(regions.n) === 0) {
      for (let i = 0; i < REGIONS.length; i += 200) {
        await trx.insertInto('region').values(REGIONS.slice(i, i + 200).map((r) => ({
          code: r.code, name: r.name, name_en: REGION_NAMES_EN[r.code] ?? '', parent_code: r.parentCode, letter: r.letter,
        }))).execute();
      }
    }
    await syncMenus(trx, MENU_ROUTES, null);
    // Reads first: a start on an existing database then writes nothing (no WAL flush at commit).
    if (!(await trx.selectFrom('system_param').select('key').where('key', '=', 'sms.loginSwitch').executeTakeFirst())) {
      await trx.insertInto('system_param')
        .values({ key: 'sms.loginSwitch', value: '0', description: 'SMS code required at login (1 on, 0 off)', updated_at: new Date() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    // Written only when missing: any write to the role table moves every user's grants version (migration-perf.ts).
    if (!(await trx.selectFrom('role').select('id').where('built_in', '=', true).executeTakeFirst())) {
      await trx.insertInto('role').values({ ...seededRole('registered'), built_in: true, updated_at: new Date() }).execute();
    }
    await seedWorkflowReference(trx);
  });
}

/**
 * Adds every menu page of the route catalogue and its buttons that the database lacks
 * (matched by path, and by action under their page), so a newer release brings its new
 * screens to an existing installation. Nothing an administrator changed is touched.
 */
export async function syncMenus(trx: Trx, nodes: RouteNode[], parentId: number | null) {
  // One read of what exists, then only the missing rows are written: a start on an existing
  // database costs one query here, not two per page.
  const rows = await trx.selectFrom('permission').select(['id', 'kind', 'path', 'parent_id', 'action']).orderBy('id').execute();
  const pages = new Map<string, number>();
  const buttons = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'MENU' && row.path !== null && !pages.has(row.path)) pages.set(row.path, row.id);
    if (row.action !== null) buttons.add(`${row.parent_id}|${row.action}`);
  }
  await addMissing(trx, nodes, parentId, pages, buttons);
}

async function addMissing(trx: Trx, nodes: RouteNode[], parentId: number | null, pages: Map<string, number>, buttons: Set<string>) {
  for (const [index, node] of nodes.entries()) {
    const id = pages.get(node.path) ?? (await trx.insertInto('permission').values({
      parent_id: parentId, kind: 'MENU', path: node.path, title_zh: node.zh, title_en: node.en,
      icon: node.icon ?? null, sort: index, header_group: node.header ?? null, auth: null, action: null, component: null,
    }).returning('id').executeTakeFirstOrThrow()).id;
    pages.set(node.path, id);
    for (const [order, action] of (node.buttons ?? []).entries()) {
      if (buttons.has(`${id}|${action}`)) continue;
      const [module, verb] = action.split('::') as [string, string];
      const title = BUTTON_TITLES[verb] ?? { zh: verb, en: verb };
      await trx.insertInto('permission').values({
        parent_id: id, kind: 'BUTTON', path: null, title_zh: title.zh, title_en: title.en, icon: null, sort: order,
        header_group: null, auth: null, action, component: module,
      }).execute();
      buttons.add(`${id}|${action}`);
    }
    if (node.children) await addMissing(trx, node.children, id, pages, buttons);
  }
}

export const DEMO_PASSWORD = 'demo1234';

const DEMO_ORGS: { key: string; name: string; type: OrgType; parent?: string }[] = [
  { key: 'operator', name: '长沙市创业担保贷款服务中心', type: 'OPERATOR' },
  { key: 'renshe', name: '长沙市人力资源和社会保障局', type: 'RENSHE', parent: 'operator' },
  { key: 'gc1', name: '长沙鑫诚融资担保有限公司', type: 'GUARANTEE', parent: 'operator' },
  { key: 'gc2', name: '湖南汇通融资担保有限公司', type: 'GUARANTEE', parent: 'operator' },
  { key: 'bank1', name: '中国工商银行长沙分行', type: 'BANK', parent: 'operator' },
  { key: 'bank2', name: '中国建设银行长沙分行', type: 'BANK', parent: 'operator' },
  { key: 'bank3', name: '长沙银行', type: 'BANK', parent: 'operator' },
];

const DEMO_QUOTAS: Record<string, number> = { gc1: 60_000_000, gc2: 40_000_000 };

const DEMO_ROLES = [
  { name: '人社审核员', menus: ['/renshe'] },
  { name: '担保审核员', menus: ['/guarantee'] },
  { name: '银行审核员', menus: ['/bank'] },
];

/** A seeded role's names and descriptions in both languages. */
function seededRole(was: string) {
  const role = SEEDED_ROLE_TEXTS.find((r) => r.was === was)!;
  return { name: role.name, name_en: role.nameEn, description: role.description, description_en: role.descriptionEn };
}

/** A demo account; `task` is the message waiting for it: the page it is about and its text. */
interface DemoUser {
  username: string; nickname: string; type: number; org: string; mobile: string; role: string | null;
  task: [menuUrl: string, key: string, params: StoredParams] | null;
}

const DEMO_USERS: DemoUser[] = [
  { username: 'admin', nickname: '系统管理员', type: 0, org: 'operator', mobile: '13800000000', role: null, task: ['/admin/setting/system/user', 'message.accountsWaiting', { count: 1 }] },
  { username: 'renshe', nickname: '人社审核员', type: 1, org: 'renshe', mobile: '13800000001', role: '人社审核员', task: ['/renshe/renshe-first', 'message.casesWaiting', { count: 3, stage: { key: 'workflow.stage.RS_FIRST' } }] },
  { username: 'guarantee', nickname: '担保审核员', type: 1, org: 'gc1', mobile: '13800000002', role: '担保审核员', task: ['/guarantee/guarantee-first', 'message.casesWaiting', { count: 2, stage: { key: 'workflow.stage.GC_FIRST' } }] },
  { username: 'bank', nickname: '银行审核员', type: 1, org: 'bank1', mobile: '13800000003', role: '银行审核员', task: ['/bank/bank-first', 'message.casesWaiting', { count: 2, stage: { key: 'workflow.stage.BANK_FIRST' } }] },
  // Second and third reviewers: the maker of a review step is never its checker, and nobody approves
  // a case at two stages, so three stages of one organisation take three people. No messages.
  { username: 'renshe2', nickname: '人社复核员', type: 1, org: 'renshe', mobile: '13800000004', role: '人社审核员', task: null },
  { username: 'guarantee2', nickname: '担保复核员', type: 1, org: 'gc1', mobile: '13800000005', role: '担保审核员', task: null },
  { username: 'bank2', nickname: '银行复核员', type: 1, org: 'bank1', mobile: '13800000006', role: '银行审核员', task: null },
  { username: 'renshe3', nickname: '人社终审员', type: 1, org: 'renshe', mobile: '13800000007', role: '人社审核员', task: null },
  { username: 'guarantee3', nickname: '担保终审员', type: 1, org: 'gc1', mobile: '13800000008', role: '担保审核员', task: null },
  { username: 'bank3', nickname: '银行终审员', type: 1, org: 'bank1', mobile: '13800000009', role: '银行审核员', task: null },
];

/** Demo organisations, roles, users, messages and loan applications. Only for the embedded default or an explicit seed command. */
export async function seedDemo(db: Kysely<Database>) {
  if (await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst()) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const orgIds = new Map<string, number>();
    for (const [index, org] of DEMO_ORGS.entries()) {
      const row = await trx.insertInto('organization').values({
        name: org.name, type: org.type, parent_id: org.parent ? orgIds.get(org.parent)! : null,
        region_code: '430100', sort: index, updated_at: new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      orgIds.set(org.key, row.id);
    }
    // What each guarantee company may guarantee at once (yuan).
    await trx.insertInto('guarantee_quota').values(Object.entries(DEMO_QUOTAS).map(([key, quota]) => ({ org_id: orgIds.get(key)!, quota, updated_at: new Date() }))).execute();
    const roleIds = new Map<string, number>();
    for (const role of DEMO_ROLES) {
      const row = await trx.insertInto('role').values({ ...seededRole(role.name), updated_at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      roleIds.set(role.name, row.id);
      await grantSubtrees(trx, row.id, role.menus);
    }
    await grantPostLoan(trx);
    await grantSubsidy(trx);
    for (const user of DEMO_USERS) {
      const row = await trx.insertInto('app_user').values({
        org_id: orgIds.get(user.org)!, username: user.username, nickname: user.nickname, type: user.type,
        mobile: user.mobile, mail: `${user.username}@example.com`, password_hash: hash, locale: null, updated_at: new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      if (user.role) await trx.insertInto('user_role').values({ user_id: row.id, role_id: roleIds.get(user.role)! }).execute();
      if (user.task) {
        const [menuUrl, key, params] = user.task;
        await trx.insertInto('message').values([
          { user_id: row.id, ...storedText('message.welcome', { name: user.nickname }), menu_url: '/admin/index' },
          { user_id: row.id, ...storedText(key, params), menu_url: menuUrl },
        ]).execute();
      }
    }
    await seedWorkflowDemo(trx, [...orgIds.values()]);
    // After the flows' people are set: supervisors are no node's people, so intake never assigns them a case.
    await adjustReviewerRoles(trx);
    await seedLookupDemo(trx);
    const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await seedContentDemo(trx, admin.id);
    await seedFundDemo(trx);
  });
  // The issued demo loans' accounts, and their lives since (each batch its own transaction).
  await openMissingAccounts(db);
  await seedLoanHistories(db);
  await fillSubsidies(db);
  await seedSubsidyDemo(db);
}

/** Grants the menu nodes at the given paths and everything below them. */
async function grantSubtrees(trx: Trx, roleId: number, paths: string[]) {
  const all = await trx.selectFrom('permission').select(['id', 'parent_id', 'path']).execute();
  const chosen = new Set(all.filter((p) => p.path && paths.includes(p.path)).map((p) => p.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) if (p.parent_id !== null && chosen.has(p.parent_id) && !chosen.has(p.id)) { chosen.add(p.id); grew = true; }
  }
  if (chosen.size) await trx.insertInto('role_permission').values([...chosen].map((id) => ({ role_id: roleId, permission_id: id }))).execute();
}
