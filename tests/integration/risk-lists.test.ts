import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { describeUpstream, type Upstream } from './harness';
import { countRows, expectFields, staffIn } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';

const BLACK = '/admin/setting/data/black';
const WHITE = '/admin/setting/data/white';
let serial = 0;
/** A fresh valid ID number (born 1990, a serial of its own). */
const newId = () => {
  serial += 1;
  const first17 = `430102199003${String(10 + (serial % 18)).padStart(2, '0')}${String(100 + serial).slice(-3)}`;
  return first17 + idCheckDigit(first17);
};
const wrongCheckDigit = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');

async function xlsxOf(rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('黑名单').addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function sendFile(up: Upstream, path: string, token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'black.xlsx'));
  const response = await up.fetch(new Request(`http://upstream/api/${path}`, {
    method: 'POST', body: form, headers: { token, 'accept-language': 'zh-CN', 'x-client-ip': '10.0.0.1' },
  }));
  return { status: response.status, body: await response.json() };
}

describeUpstream('blacklist, whitelist and refusal reasons (sysBlackList, sysWhiteList, indicatorRefuseConfig, staterefuseconfig)', (up) => {
  let admin: string;
  let reviewer: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
    for (const [k, name] of Object.entries(ORGS)) {
      orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  const call = (path: string, body: unknown, token = admin) => up().call(path, body, { token });
  const intake = (idNumber: string, spouse?: string) => call('channel/application/submit', {
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: '周晓明', idNumber, mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    ...(spouse ? { spouse: { name: '李芳', idNumber: spouse, mobile: '13712345679', gender: 'FEMALE' } } : {}),
    amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1,
  });

  describe('blacklist', () => {
    it('adds a person (ID checked, shown masked), refuses a second active entry, relieves with a reason and keeps the row', async () => {
      const id = newId();
      expectFields(await call('sysBlackList/add', { name: '王五', idNumber: wrongCheckDigit(id), reason: '骗贷' }), { idNumber: 'validation.idNumber' });
      expectFields(await call('sysBlackList/add', { name: ' ', idNumber: id, reason: '' }), { name: 'validation.nameRequired', reason: 'validation.reasonTextRequired' });
      expectFields(await call('sysBlackList/add', { name: '王五', idNumber: id, reason: '骗贷', expiresOn: '2000-01-01' }), { expiresOn: 'validation.expiryPast' });
      const added = await call('sysBlackList/add', { name: '王五', idNumber: id, mobile: '13800001111', reason: '提供虚假材料' });
      expect(added.body.code, added.body.message).toBe(200);
      expect(added.body.data).toMatchObject({ name: '王五', idNumber: `${id.slice(0, 3)}***********${id.slice(14)}`, mobile: '138****1111', source: 'MANUAL', state: 'ACTIVE', createdBy: expect.any(String) });
      expectFields(await call('sysBlackList/add', { name: '王五', idNumber: id, reason: '又一次' }), { idNumber: 'validation.blacklistTaken' });

      const refused = await intake(newId(), id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('李芳 在黑名单中，不能申请：提供虚假材料');

      const found = await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber: id.toLowerCase() });
      expect(found.body.data.list.map((r: { id: number }) => r.id)).toEqual([added.body.data.id]);
      expect((await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, mobile: '00001111', state: 'ACTIVE' })).body.data.total).toBe(1);

      expectFields(await call('sysBlackList/relieve', { id: added.body.data.id, version: added.body.data.version, reason: '' }), { reason: 'validation.reasonTextRequired' });
      expect((await call('sysBlackList/relieve', { id: added.body.data.id, version: added.body.data.version + 1, reason: '核实无误' })).status).toBe(409);
      expect((await call('sysBlackList/relieve', { id: 99_999_999, version: 1, reason: '核实无误' })).status).toBe(404);
      const relieved = await call('sysBlackList/relieve', { id: added.body.data.id, version: added.body.data.version, reason: '核实无误' });
      expect(relieved.body.data).toMatchObject({ state: 'RELIEVED', relieveReason: '核实无误', relievedBy: expect.any(String), version: added.body.data.version + 1 });
      expect((await call('sysBlackList/relieve', { id: added.body.data.id, version: relieved.body.data.version, reason: '再次' })).status).toBe(409);
      expect((await intake(newId(), id)).body.code).toBe(200);
      // History kept: the relieved row stays; the person may be listed again.
      expect((await call('sysBlackList/add', { name: '王五', idNumber: id, reason: '再犯' })).body.code).toBe(200);
      expect((await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber: id })).body.data.total).toBe(2);
    });

    it('an entry ends by itself after its day; concurrent adds of one person give one entry', async () => {
      const id = newId();
      const added = await call('sysBlackList/add', { name: '赵四', idNumber: id, reason: '逾期', expiresOn: '2099-12-31' });
      expect(added.body.data.expiresOn).toBe('2099-12-31');
      await up().db.updateTable('blacklist').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', added.body.data.id).execute();
      expect((await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, idNumber: id })).body.data.list[0].state).toBe('EXPIRED');
      expect((await intake(id)).body.code).toBe(200);

      const twice = newId();
      const answers = await Promise.all([1, 2, 3].map(() => call('sysBlackList/add', { name: '钱七', idNumber: twice, reason: '并发' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
      expect(await up().db.selectFrom('blacklist').select('id').where('id_number', '=', twice).execute()).toHaveLength(1);
    });

    it('a person blacklisted while their case is under way: the assignee gets a message', async () => {
      const app = await createCase(up().db);
      const row = await up().db.selectFrom('application').select(['id_number', 'assignee_id', 'number']).where('id', '=', app.id).executeTakeFirstOrThrow();
      await up().db.updateTable('blacklist').set({ relieved_at: new Date(), relieve_reason: 'test' }).where('id_number', '=', row.id_number).where('relieved_at', 'is', null).execute();
      const before = await countRows(up().db, 'message');
      expect((await call('sysBlackList/add', { name: '案中人', idNumber: row.id_number, reason: '骗贷' })).body.code).toBe(200);
      const message = await up().db.selectFrom('message').select(['user_id', 'text_key', 'text_params']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(await countRows(up().db, 'message')).toBe(before + 1);
      expect(message.user_id).toBe(row.assignee_id);
      expect(message.text_key).toBe('risk.blacklistedDuringReview');
      expect(message.text_params).toEqual({ number: row.number, name: '案中人', reason: '骗贷' });
    });

    it('imports an .xlsx: every row checked before any is written; a clean file adds every row', async () => {
      const [a, b] = [newId(), newId()];
      const header = ['姓名', '身份证号', '手机号', '列入原因', '到期日'];
      const bad = await xlsxOf([header, ['甲', a, '13800000001', '骗贷', ''], ['乙', wrongCheckDigit(b), '', '骗贷', '']]);
      const before = await countRows(up().db, 'blacklist');
      const checked = await sendFile(up(), 'sysBlackList/importCheck', admin, bad);
      expect(checked.body.data).toMatchObject({ rows: 2, errors: [{ row: 3, column: 'resources.blacklist.idNumber', key: 'validation.idNumber' }] });
      expect((await sendFile(up(), 'sysBlackList/importCommit', admin, bad)).status).toBe(422);
      expect(await countRows(up().db, 'blacklist')).toBe(before);
      const good = await xlsxOf([header, ['甲', a, '13800000001', '骗贷', ''], ['乙', b, '', '骗贷', '2099-01-31']]);
      const committed = await sendFile(up(), 'sysBlackList/importCommit', admin, good);
      expect(committed.body.data).toEqual({ rows: 2 });
      const listed = await call('sysBlackList/getList', { pageNum: 1, pageSize: 10, source: 'IMPORT', idNumber: b });
      expect(listed.body.data.list[0]).toMatchObject({ source: 'IMPORT', expiresOn: '2099-01-31', state: 'ACTIVE' });
      const again = await sendFile(up(), 'sysBlackList/importCheck', admin, good);
      expect(again.body.data.errors.map((e: { key: string }) => e.key)).toEqual(['validation.blacklistTaken', 'validation.blacklistTaken']);
    });

    it('is refused without the page or button: a reviewer gets 403; a page grant reads, the add button writes', async () => {
      for (const [path, body] of [
        ['sysBlackList/getList', { pageNum: 1, pageSize: 10 }], ['sysBlackList/add', { name: 'x', idNumber: newId(), reason: 'x' }],
        ['sysBlackList/relieve', { id: 1, version: 1, reason: 'x' }], ['sysWhiteList/getList', { pageNum: 1, pageSize: 10 }],
        ['sysWhiteList/edit', { name: 'x', idNumber: newId(), sourceOrg: 'x' }], ['staterefuseconfig/list', { pageNum: 1, pageSize: 10 }],
        ['indicatorRefuseConfig/add', { content: 'x', contentEn: 'x', smsText: 'x' }],
      ] as const) {
        expect((await call(path, body, reviewer)).status, path).toBe(403);
      }
      const reader = await staffIn(up(), `blackreader${++serial}`, null, { pages: [BLACK] });
      expect((await call('sysBlackList/getList', { pageNum: 1, pageSize: 10 }, reader.token)).status).toBe(200);
      expect((await call('sysBlackList/add', { name: 'x', idNumber: newId(), reason: 'x' }, reader.token)).status).toBe(403);
      const adder = await staffIn(up(), `blackadder${++serial}`, null, { pages: [BLACK], buttons: ['blacklist::add'] });
      expect((await call('sysBlackList/add', { name: '孙八', idNumber: newId(), reason: 'x' }, adder.token)).status).toBe(200);
      expect((await call('sysBlackList/relieve', { id: 1, version: 1, reason: 'x' }, adder.token)).status).toBe(403);
      const whiteReader = await staffIn(up(), `whitereader${++serial}`, null, { pages: [WHITE] });
      expect((await call('sysWhiteList/getList', { pageNum: 1, pageSize: 10 }, whiteReader.token)).status).toBe(200);
      expect((await call('sysWhiteList/edit', { name: 'x', idNumber: newId(), sourceOrg: 'x' }, whiteReader.token)).status).toBe(403);
    });
  });

  describe('whitelist', () => {
    it('adds, edits with its version, marks the proposer at intake while valid, removes', async () => {
      const id = newId();
      expectFields(await call('sysWhiteList/edit', { name: '赵六', sourceOrg: '' }), { idNumber: 'validation.idNumber', sourceOrg: 'validation.sourceOrgRequired' });
      const added = await call('sysWhiteList/edit', { name: '赵六', idNumber: id, sourceOrg: '岳麓创业孵化基地', note: '入驻企业', validUntil: '2099-12-31' });
      expect(added.body.data).toMatchObject({ name: '赵六', sourceOrg: '岳麓创业孵化基地', validUntil: '2099-12-31', valid: true, version: 1 });
      expectFields(await call('sysWhiteList/edit', { name: '赵六', idNumber: id, sourceOrg: 'x' }), { idNumber: 'validation.whitelistTaken' });
      const marked = await intake(id);
      expect(marked.body.data.whitelisted).toBe(true);
      // One live case per person: the first is withdrawn before the person applies again.
      await up().db.updateTable('application').set({ status: 'WITHDRAWN' }).where('id', '=', marked.body.data.id).execute();
      const edited = await call('sysWhiteList/edit', { id: added.body.data.id, version: 1, name: '赵六', sourceOrg: '信用村', validUntil: '2020-01-01' });
      expect(edited.body.data).toMatchObject({ sourceOrg: '信用村', valid: false, version: 2 });
      expect((await call('sysWhiteList/edit', { id: added.body.data.id, version: 1, name: '赵六', sourceOrg: 'x' })).status).toBe(409);
      expect((await intake(id)).body.data.whitelisted).toBe(false);
      expect((await call('sysWhiteList/getList', { pageNum: 1, pageSize: 10, sourceOrg: '信用' })).body.data.list.map((r: { id: number }) => r.id)).toContain(added.body.data.id);
      expect((await call('sysWhiteList/del', { id: added.body.data.id, version: 1 })).status).toBe(409);
      expect((await call('sysWhiteList/del', { id: added.body.data.id, version: 2 })).body.code).toBe(200);
      expect((await call('sysWhiteList/del', { id: added.body.data.id, version: 2 })).status).toBe(404);
    });
  });

  describe('refusal reasons', () => {
    it('status reasons carry zh, en, SMS text and stage; the refuse dialog of a stage offers its enabled ones', async () => {
      expectFields(await call('staterefuseconfig/add', { content: '', contentEn: '', smsText: '', stage: 'NOPE' }), {
        content: 'validation.contentZhRequired', contentEn: 'validation.contentEnRequired', smsText: 'validation.smsTextRequired', stage: 'validation.stage',
      });
      const added = await call('staterefuseconfig/add', { content: '担保公司额度已满', contentEn: 'The guarantee quota is used up', smsText: '担保额度已满，请稍后再申请。', stage: 'GC_FIRST' });
      expect(added.body.data).toMatchObject({ kind: 'STATUS', stage: 'GC_FIRST', state: 'ENABLED', used: 0, version: 1 });
      const at = async (stage: string, locale = 'zh-CN') => (await up().call('staterefuseconfig/options', { stage }, { token: reviewer, locale })).body.data.map((r: { content: string }) => r.content);
      expect(await at('GC_FIRST')).toContain('担保公司额度已满');
      expect(await at('GC_FIRST', 'en')).toContain('The guarantee quota is used up');
      expect(await at('RS_FIRST')).not.toContain('担保公司额度已满');
      // Not offered at another stage, so not accepted there either.
      const app = await createCase(up().db);
      const wrong = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: added.body.data.id }, { token: reviewer });
      expect(wrong.body.data.fields).toEqual({ reasonId: 'validation.reasonRequired' });
      expect((await call('indicatorRefuseConfig/update', { ...added.body.data, stage: undefined })).status).toBe(404);
      expect((await call('staterefuseconfig/update', { ...added.body.data, version: 9 })).status).toBe(409);
      const off = await call('staterefuseconfig/update', { ...added.body.data, state: 'DISABLED' });
      expect(off.body.data).toMatchObject({ state: 'DISABLED', version: 2 });
      expect(await at('GC_FIRST')).not.toContain('担保公司额度已满');
      expect((await call('staterefuseconfig/del', { id: added.body.data.id, version: 2 })).body.code).toBe(200);
      expect(await countRows(up().db, 'refuse_reason')).toBeGreaterThan(0);
    });

    it('a used reason is disabled by its delete, never deleted; the refusal SMS carries its text', async () => {
      const list = (await call('staterefuseconfig/list', { pageNum: 1, pageSize: 30, stage: 'RS_FIRST' })).body.data.list;
      const reason = list.find((r: { state: string; stage: string | null }) => r.state === 'ENABLED' && r.stage === null);
      const app = await createCase(up().db);
      const refused = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: reason.id }, { token: reviewer });
      expect(refused.body.code, refused.body.message).toBe(200);
      const sms = await up().db.selectFrom('sms_outbox').select('content').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(sms.content).toContain(reason.smsText);
      const now = (await call('staterefuseconfig/list', { pageNum: 1, pageSize: 30 })).body.data.list.find((r: { id: number }) => r.id === reason.id);
      expect(now.used).toBeGreaterThan(0);
      expect((await call('staterefuseconfig/del', { id: reason.id, version: now.version })).body.code).toBe(200);
      const after = await up().db.selectFrom('refuse_reason').select(['state']).where('id', '=', reason.id).executeTakeFirstOrThrow();
      expect(after.state).toBe('DISABLED');
      await call('staterefuseconfig/update', { ...now, version: now.version + 1, state: 'ENABLED' });
    });

    it('indicator reasons are a list of their own with English texts seeded', async () => {
      const list = (await call('indicatorRefuseConfig/list', { pageNum: 1, pageSize: 30 })).body.data.list;
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r: { kind: string; contentEn: string }) => r.kind === 'INDICATOR' && r.contentEn.length > 0)).toBe(true);
      const found = (await call('indicatorRefuseConfig/list', { pageNum: 1, pageSize: 30, content: 'two years' })).body.data.list;
      expect(found).toHaveLength(1);
    });
  });
});
