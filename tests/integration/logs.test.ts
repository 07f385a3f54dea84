import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { CALLS } from '../../lib/contract/calls';
import { PAGES } from '../../lib/contract/pages';
import { describeUpstream } from './harness';
import { expectFields, newIdNumber, orgIdOf, staffIn } from './helpers';
import { ORGS } from './workflow-fixtures';

/**
 * The operation log and the sign-in log: what an administrator reads back (who, organisation,
 * call, record, what changed, when, from which address; every sign-in's outcome), masked,
 * exported with real dates, refused to others, never edited or deleted.
 */
const MAX_FAILURES = 2;

describeUpstream('operation and sign-in logs', (up) => {
  let admin: string;
  beforeAll(async () => { admin = await up().login('admin'); });

  const signIn = (username: string, password: string, ip: string) => up().call('admin/login', { username, password }, { ip });
  const list = (path: 'operationLog/list' | 'loginLog/list', body: object, token = admin) => up().call(path, { pageNum: 1, pageSize: 10, ...body }, { token });

  it('records every sign-in: success, failure and the lock-out, with the name, organisation and address', async () => {
    const user = await staffIn(up(), 'log-signer', await orgIdOf(up().db, ORGS.bank1), {});
    expect(user.token).toBeTruthy();
    for (let i = 0; i <= MAX_FAILURES; i += 1) await signIn('log-signer', 'wrong-password', '10.61.0.7');
    expect((await signIn('log-signer', 'staff1234', '10.61.0.8')).status).toBe(429);
    const { status, body } = await list('loginLog/list', { username: 'log-signer' });
    expect(status).toBe(200);
    const outcomes = body.data.list.map((r: { outcome: string }) => r.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['SUCCESS', 'FAILURE', 'LOCKED']));
    expect(body.data.list[0]).toMatchObject({ username: 'log-signer', orgName: ORGS.bank1, outcome: 'LOCKED', clientIp: '10.61.0.8' });
    const failed = await list('loginLog/list', { username: 'log-signer', outcome: 'FAILURE', clientIp: '10.61.0.7' });
    // The attempt past the limit is a lock-out, not a failure.
    expect(failed.body.data.total).toBe(MAX_FAILURES);
  });

  it('shows who changed what, in which organisation, on which record, from which address; personal numbers masked', async () => {
    const idNumber = newIdNumber(1970);
    const changed = await up().call('systemParam/update', { key: 'sms.loginSwitch', value: '0' }, { token: admin, ip: '10.62.0.9' });
    expect(changed.status).toBe(200);
    const { body } = await list('operationLog/list', { action: 'systemParam.update', targetId: 'sms.loginSwitch' });
    expect(body.data.list[0]).toMatchObject({ username: 'admin', action: 'systemParam.update', targetType: 'system_param', targetId: 'sms.loginSwitch', clientIp: '10.62.0.9' });
    expect(JSON.parse(body.data.list[0].changes)).toEqual({ value: '0' });
    const bank = await orgIdOf(up().db, ORGS.bank1);
    await up().db.insertInto('audit_log').values({
      actor_id: null, action: 'test.personal', target_type: 'application', target_id: '1', org_id: bank, client_ip: '10.62.0.10',
      summary: JSON.stringify({ idNumber, mobile: '13812345678' }),
    }).execute();
    const masked = await list('operationLog/list', { action: 'test.personal' });
    expect(masked.body.data.list[0].changes).not.toContain(idNumber);
    expect(masked.body.data.list[0].changes).not.toContain('13812345678');
    expect(masked.body.data.list[0].changes).toContain('138****5678');
    expect(masked.body.data.list[0]).toMatchObject({ orgName: ORGS.bank1, username: null });
  });

  it('shows a reader given the page only their organisation\'s entries', async () => {
    const reader = await staffIn(up(), 'log-reader', await orgIdOf(up().db, ORGS.bank2), { pages: [PAGES.operationLog, PAGES.signInLog] });
    const { body } = await list('operationLog/list', {}, reader.token);
    expect(body.data.list.filter((r: { orgName: string | null }) => r.orgName !== ORGS.bank2)).toEqual([]);
    const signIns = await list('loginLog/list', { username: 'log-signer' }, reader.token);
    expect(signIns.body.data.total).toBe(0);
  });

  it('exports the search as .xlsx whose times are date cells, personal numbers masked', async () => {
    for (const path of ['operationLog/export', 'loginLog/export'] as const) {
      const response = await up().request(path, { dateFrom: '2020-01-01' }, { token: admin });
      expect(response.status, path).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount, path).toBeGreaterThan(1);
      const time = sheet.getRow(2).getCell(1);
      expect(time.type, path).toBe(ExcelJS.ValueType.Date);
      expect(time.value, path).toBeInstanceOf(Date);
      const text = JSON.stringify(sheet.getSheetValues());
      expect(text).not.toMatch(/13812345678/);
    }
  });

  it('refuses a user without the page (403) and the export without its button, and bad input (422), writing nothing', async () => {
    const nobody = await staffIn(up(), 'log-nobody', null, {});
    for (const path of ['operationLog/list', 'loginLog/list', 'operationLog/export', 'loginLog/export'] as const) {
      expect((await up().request(path, {}, { token: nobody.token })).status, path).toBe(403);
    }
    const viewer = await staffIn(up(), 'log-viewer', null, { pages: [PAGES.operationLog, PAGES.signInLog] });
    expect((await list('operationLog/list', {}, viewer.token)).status).toBe(200);
    expect((await up().request('operationLog/export', {}, { token: viewer.token })).status).toBe(403);
    expect((await up().request('loginLog/export', {}, { token: viewer.token })).status).toBe(403);
    expectFields(await list('operationLog/list', { dateFrom: '2026-02-30' }), { dateFrom: 'validation.date' });
    expectFields(await list('operationLog/list', { dateFrom: '2026-03-02', dateTo: '2026-03-01' }), { dateTo: 'validation.dateOrder' });
    expectFields(await list('loginLog/list', { outcome: 'MAYBE' }), { outcome: 'validation.invalid' });
  });

  it('has no call that edits or deletes an entry', () => {
    const calls = Object.keys(CALLS).filter((path) => path.startsWith('operationLog/') || path.startsWith('loginLog/'));
    expect(calls.sort()).toEqual(['loginLog/export', 'loginLog/list', 'operationLog/export', 'operationLog/list']);
  });
}, { loginMaxFailures: MAX_FAILURES });

