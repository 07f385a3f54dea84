import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../upstream/db';
import { migrations } from '../../upstream/db/migrations';
import type { Page } from '../../lib/contract/common';
import type { RoleInfo, RoleRow } from '../../lib/contract/role';
import type { UserRow } from '../../lib/contract/user';
import { describeUpstream } from './harness';

/** Role names and descriptions in the reader's language (the BFF sends the UI's language as Accept-Language). */
describeUpstream('role names and descriptions in the reader\'s language', (up) => {
  let admin: string;
  beforeAll(async () => { admin = await up().login('admin'); });
  const call = async <T>(path: string, body: object, locale: string) => {
    const res = await up().call<T>(path, body, { token: admin, locale });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const roles = async (locale: string, body: object = {}) =>
    (await call<Page<RoleRow>>('role/roleList', { pageNum: 1, pageSize: 30, ...body }, locale)).list;
  const shown = (list: RoleRow[]) => list.map((r) => [r.name, r.description]);

  it('the seeded roles read in Chinese for a Chinese reader and in English for an English one', async () => {
    const seeded = [
      ['注册用户', '自行注册、等待分配角色的账号'], ['人社审核员', '人社局的审核人员'],
      ['担保审核员', '担保公司的审核人员'], ['银行审核员', '银行的审核人员'],
    ];
    const seededEn = [
      ['Registered users', 'Self-registered accounts awaiting roles'], ['Renshe reviewers', 'Renshe reviewers'],
      ['Guarantee reviewers', 'Guarantee company reviewers'], ['Bank reviewers', 'Bank reviewers'],
    ];
    expect(shown(await roles('zh-CN'))).toEqual(expect.arrayContaining(seeded));
    expect(shown(await roles('en'))).toEqual(expect.arrayContaining(seededEn));
    // No English text in the Chinese list's seeded rows, and the other way round.
    expect(shown(await roles('zh-CN')).flat()).not.toEqual(expect.arrayContaining(['Bank reviewers']));
    expect(shown(await roles('en')).flat()).not.toEqual(expect.arrayContaining(['银行审核员']));
    // Either language's name finds a role, whatever the reader's language.
    expect(shown(await roles('en', { name: 'bank rev' }))).toEqual([['Bank reviewers', 'Bank reviewers']]);
    expect(shown(await roles('en', { name: '银行审核' }))).toEqual([['Bank reviewers', 'Bank reviewers']]);
    expect(shown(await roles('en', { name: '银行主管' }))).toEqual([['Bank supervisors', 'Bank supervisors: reassign and hand over colleagues\' cases']]);
    expect(shown(await roles('zh-CN', { name: 'REGISTERED' }))).toEqual([['注册用户', '自行注册、等待分配角色的账号']]);
  });

  it('the role form reads both languages\' texts, whatever the reader\'s', async () => {
    const bank = (await roles('en', { name: '银行审核员' }))[0]!;
    const info = await call<RoleInfo>('role/roleInfo', { id: bank.id }, 'en');
    expect(info.role).toMatchObject({
      name: 'Bank reviewers', description: 'Bank reviewers',
      nameZh: '银行审核员', nameEn: 'Bank reviewers', descriptionZh: '银行的审核人员', descriptionEn: 'Bank reviewers',
    });
    expect((await call<RoleInfo>('role/roleInfo', { id: bank.id }, 'zh-CN')).role).toMatchObject({ name: '银行审核员', description: '银行的审核人员' });
  });

  it('a role given one name and description shows them in both languages; one given both shows each', async () => {
    const one = await call<RoleRow>('role/saveOrUpdate', { name: '贷后专员', description: '负责贷后回访' }, 'en');
    expect(one).toMatchObject({ name: '贷后专员', description: '负责贷后回访', nameEn: '', descriptionEn: '' });
    expect(shown(await roles('en', { name: '贷后专员' }))).toEqual([['贷后专员', '负责贷后回访']]);
    expect(shown(await roles('zh-CN', { name: '贷后专员' }))).toEqual([['贷后专员', '负责贷后回访']]);

    const both = await call<RoleRow>('role/saveOrUpdate', {
      id: one.id, version: one.version, name: '贷后专员', nameEn: ' After-loan officers ', description: '负责贷后回访', descriptionEn: 'Follow up issued loans',
    }, 'zh-CN');
    expect(both).toMatchObject({ name: '贷后专员', description: '负责贷后回访', nameEn: 'After-loan officers', version: one.version + 1 });
    expect(shown(await roles('en', { name: '贷后' }))).toEqual([['After-loan officers', 'Follow up issued loans']]);
    expect(shown(await roles('zh-CN', { name: 'after-loan' }))).toEqual([['贷后专员', '负责贷后回访']]);
    // The audit line keeps both languages' texts.
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'role.update').where('target_id', '=', String(one.id))
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.summary).toMatchObject({ before: { nameEn: '' }, after: { name: '贷后专员', nameEn: 'After-loan officers', descriptionEn: 'Follow up issued loans' } });
  });

  it('the user list names each user\'s roles in the reader\'s language', async () => {
    const row = async (locale: string) =>
      (await call<Page<UserRow>>('systemUser/adminList', { pageNum: 1, pageSize: 10, username: 'bank3' }, locale)).list.find((u) => u.username === 'bank3')!;
    expect((await row('zh-CN')).roles.map((r) => r.name)).toEqual(['银行审核员']);
    expect((await row('en')).roles.map((r) => r.name)).toEqual(['Bank reviewers']);
  });

  it('the migration fills the seeded roles of an existing database in both languages, leaving what an administrator changed', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await new Migrator({ db: other.db, provider: { getMigrations: async () => migrations } }).migrateTo('0021_perf');
      const db = other.db as unknown as Kysely<any>;
      const add = async (name: string, description: string) =>
        (await db.insertInto('role').values({ name, description, updated_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id as number;
      const registered = await add('registered', 'Accounts awaiting roles, as an administrator reworded it');
      const bank = await add('银行审核员', 'Bank reviewers');
      const reworded = await add('人社审核员', '人社局的初审、复审、终审人员');
      const renamed = await add('担保公司审核员', 'Guarantee company reviewers');
      const own = await add('风控专员', 'Risk officers');
      await migrate(other.db);
      const rows = await other.db.selectFrom('role').select(['id', 'name', 'name_en', 'description', 'description_en', 'built_in', 'version'])
        .orderBy('id').execute();
      expect(rows).toEqual([
        { id: registered, name: '注册用户', name_en: 'Registered users', description: 'Accounts awaiting roles, as an administrator reworded it', description_en: '', built_in: true, version: 2 },
        { id: bank, name: '银行审核员', name_en: 'Bank reviewers', description: '银行的审核人员', description_en: 'Bank reviewers', built_in: false, version: 2 },
        { id: reworded, name: '人社审核员', name_en: 'Renshe reviewers', description: '人社局的初审、复审、终审人员', description_en: '', built_in: false, version: 2 },
        { id: renamed, name: '担保公司审核员', name_en: '', description: 'Guarantee company reviewers', description_en: '', built_in: false, version: 1 },
        { id: own, name: '风控专员', name_en: '', description: 'Risk officers', description_en: '', built_in: false, version: 1 },
        // Beside each reviewer role still under its seeded name, a supervisor role (migration 0034).
        { id: expect.any(Number), name: '人社主管', name_en: 'Renshe supervisors', description: '人社局的审核主管：可调配他人案件、移交他人待办', description_en: 'Renshe supervisors: reassign and hand over colleagues\' cases', built_in: false, version: 1 },
        { id: expect.any(Number), name: '银行主管', name_en: 'Bank supervisors', description: '银行的审核主管：可调配他人案件、移交他人待办', description_en: 'Bank supervisors: reassign and hand over colleagues\' cases', built_in: false, version: 1 },
      ]);
    } finally {
      await other.close();
    }
  });
});
