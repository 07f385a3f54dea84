import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream, type Upstream } from './harness';
import { countRows, freshIp, orgIdOf, staffIn } from './helpers';

const PAGE = '/admin/setting/system/user';
const GC = '长沙鑫诚融资担保有限公司';
const BANK = '中国工商银行长沙分行';

async function xlsxOf(rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('用户').addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The file as the browser sends it: multipart/form-data with one `file` part. */
async function send(up: Upstream, path: string, token: string, file?: { bytes: Uint8Array; name: string }, locale = 'zh-CN') {
  const form = new FormData();
  if (file) form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const response = await up.fetch(new Request(`http://upstream/api/systemUser/${path}`, {
    method: 'POST', body: form, headers: { token, 'accept-language': locale, 'x-client-ip': '10.0.0.1' },
  }));
  return { status: response.status, body: await response.json() };
}

describeUpstream('user import (systemUser/importCheck, importCommit, importTemplate)', (up) => {
  let admin: string, manager: string, viewer: string;
  const snapshot = async () => [await countRows(up().db, 'app_user'), await countRows(up().db, 'sms_outbox'), await countRows(up().db, 'audit_log')];

  beforeAll(async () => {
    const gc1Id = await orgIdOf(up().db, GC);
    admin = await up().login('admin');
    manager = (await staffIn(up(), 'importmanager', gc1Id, { pages: [PAGE], buttons: ['user::add'] })).token;
    viewer = (await staffIn(up(), 'importviewer', gc1Id, { pages: [PAGE] })).token;
  });

  it('answers the template with the header row in the caller language', async () => {
    for (const [locale, header] of [['zh-CN', ['用户名', '姓名', '手机号', '邮箱', '所属机构']], ['en', ['Username', 'Name', 'Mobile', 'Email', 'Organisation']]] as const) {
      const response = await up().request('systemUser/importTemplate', {}, { token: admin, locale });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    }
  });

  it('check lists every bad row; commit refuses such a file and changes nothing', async () => {
    const bytes = await xlsxOf([
      ['用户名', '姓名', '手机号', '邮箱', '所属机构'],
      ['imp1', '导入一', '13812340001', 'imp1@example.com', GC],
      ['admin', '重名', '13812340002', '', GC],
      ['imp3', '', '1381234', 'not-a-mail', '没有这个机构'],
      ['imp4', '导入四', '13812340001', '', GC],
    ]);
    const check = await send(up(), 'importCheck', admin, { bytes, name: '用户.xlsx' });
    expect(check.body).toEqual({
      code: 200, message: '操作成功',
      data: {
        rows: 4, more: 0, errors: [
          { row: 3, column: 'resources.user.username', key: 'validation.usernameTaken' },
          { row: 4, column: 'resources.user.nickname', key: 'validation.nicknameRequired' },
          { row: 4, column: 'resources.user.mobile', key: 'validation.mobileFormat' },
          { row: 4, column: 'resources.user.mail', key: 'validation.mailFormat' },
          { row: 5, column: 'resources.user.mobile', key: 'validation.importDuplicate', params: { row: 2 } },
        ],
      },
    });
    const before = await snapshot();
    const commit = await send(up(), 'importCommit', admin, { bytes, name: '用户.xlsx' });
    expect(commit.status).toBe(422);
    expect(commit.body.data.fields).toEqual({ file: 'validation.importHasErrors' });
    expect(commit.body.data.check.errors.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('commit creates every account of a clean file in one go, each told its password by SMS', async () => {
    const bytes = await xlsxOf([
      ['Username', 'Name', 'Mobile', 'Organisation'],
      ['imp10', '导入十', 13812340010, GC],
      ['Imp11', '导入十一', '13812340011', BANK],
    ]);
    const check = await send(up(), 'importCheck', admin, { bytes, name: 'users.xlsx' }, 'en');
    expect(check.body.data).toEqual({ rows: 2, errors: [], more: 0 });
    const before = await snapshot();
    const commit = await send(up(), 'importCommit', admin, { bytes, name: 'users.xlsx' });
    expect(commit.body).toEqual({ code: 200, message: '操作成功', data: { rows: 2 } });
    const users = await up().db.selectFrom('app_user').select(['username', 'mobile', 'org_id', 'type', 'state']).where('username', 'in', ['imp10', 'Imp11']).orderBy('username').execute();
    expect(users).toEqual([
      { username: 'Imp11', mobile: '13812340011', org_id: await orgIdOf(up().db, BANK), type: 1, state: 'ENABLED' },
      { username: 'imp10', mobile: '13812340010', org_id: await orgIdOf(up().db, GC), type: 1, state: 'ENABLED' },
    ]);
    expect(await snapshot()).toEqual([before[0]! + 2, before[1]! + 2, before[2]! + 2]);
    const sms = await up().db.selectFrom('sms_outbox').select('content').where('mobile', '=', '13812340010').where('template', '=', 'ACCOUNT_OPENED').executeTakeFirstOrThrow();
    const password = /初始密码为 (\S+)，/.exec(sms.content)![1]!;
    expect((await up().call('admin/login', { username: 'imp10', password }, { ip: freshIp() })).body.code).toBe(200);
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'user.import').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).not.toMatch(/1381234001\d|password|scrypt/);

    // The same file again: every username is taken now, and nothing is added.
    const again = await snapshot();
    const repeat = await send(up(), 'importCommit', admin, { bytes, name: 'users.xlsx' });
    expect(repeat.status).toBe(422);
    expect(repeat.body.data.check.errors.map((e: { key: string }) => e.key)).toContain('validation.usernameTaken');
    expect(await snapshot()).toEqual(again);
  });

  it('a non-admin imports only into organisations they see; the button is needed', async () => {
    const bytes = await xlsxOf([['用户名', '姓名', '手机号', '所属机构'], ['imp20', '导入二十', '13812340020', BANK], ['imp21', '导入二十一', '13812340021', GC]]);
    const check = await send(up(), 'importCheck', manager, { bytes, name: 'u.xlsx' });
    expect(check.body.data.errors).toEqual([{ row: 2, column: 'resources.user.org', key: 'validation.orgNotFound' }]);
    const before = await snapshot();
    expect((await send(up(), 'importCommit', manager, { bytes, name: 'u.xlsx' })).status).toBe(422);
    expect((await send(up(), 'importCheck', viewer, { bytes, name: 'u.xlsx' })).status).toBe(403);
    expect((await send(up(), 'importCommit', viewer, { bytes, name: 'u.xlsx' })).status).toBe(403);
    expect((await up().request('systemUser/importTemplate', {}, { token: viewer })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what is not an .xlsx file, a missing file and a body that is not multipart', async () => {
    const bytes = await xlsxOf([['用户名'], ['x']]);
    expect((await send(up(), 'importCheck', admin, { bytes, name: 'u.xls' })).body.data).toEqual({ fields: { file: 'validation.importFile' } });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await send(up(), 'importCheck', admin, { bytes: png, name: 'u.xlsx' })).body.data).toEqual({ fields: { file: 'validation.importFile' } });
    expect((await send(up(), 'importCheck', admin)).body.data).toEqual({ fields: { file: 'validation.fileRequired' } });
    const json = await up().call('systemUser/importCheck', { file: 'x' }, { token: admin });
    expect(json.status).toBe(422);
    expect(json.body.data).toEqual({ fields: { _: 'validation.multipart' } });
  });
});
