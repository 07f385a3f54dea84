import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { describeUpstream } from './harness';
import { countRows, expectFields, staffIn } from './helpers';
import { ORGS } from './workflow-fixtures';

const idOf = (first17: string) => first17 + idCheckDigit(first17);
const GUARANTEE_PAGE = '/admin/setting/resources/guarantee';
const PRODUCT_PAGE = '/admin/setting/resources/business-model';
type Product = { id: number; code: string; revision: number; current: boolean; version: number; amountMax: number; rateMax: number; usedCount: number } & Record<string, unknown>;
type Method = { code: string; version: number; state: string; open: boolean; closedBy: string | null } & Record<string, unknown>;

describeUpstream('guarantee methods, loan products and the intake rules they set', (up) => {
  const tokens: Record<string, string> = {};
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe'] as const) tokens[name] = await up().login(name);
    tokens.viewer = (await staffIn(up(), 'product-viewer', null, { pages: [GUARANTEE_PAGE, PRODUCT_PAGE] })).token;
    for (const [k, name] of Object.entries(ORGS)) orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  });
  const call = (path: string, body: object, who = 'admin') => up().call(path, body, { token: tokens[who] });
  const methods = async (): Promise<Method[]> => (await call('businessGuaranteeConfig/list', { pageNum: 1, pageSize: 10 })).body.data.list;
  const products = async (body: object = {}): Promise<Product[]> => (await call('businessSchemaConfig/list', { pageNum: 1, pageSize: 30, ...body })).body.data.list;
  const person = async () => (await products({ borrowerType: 'PERSON' })).find((p) => p.code === 'PERSON-STD')!;
  const editable = (p: Product) => {
    const { id, version, nameZh, nameEn, borrowerType, clientGroupIds, amountMin, amountMax, terms, rateMarginBp, rateCap, subsidyShare, repaymentMethods, guaranteeMethods, moduleId, state, sort } = p;
    return { id, version, nameZh, nameEn, borrowerType, clientGroupIds, amountMin, amountMax, terms, rateMarginBp, rateCap, subsidyShare, repaymentMethods, guaranteeMethods, moduleId, state, sort };
  };
  let seq = 0;
  const intake = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return call('channel/application/submit', {
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: { name: '产品测试', idNumber: idOf(`4301021991010${String(1000 + seq).slice(-4)}`), mobile: '13712340001', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '城镇登记失业人员' },
      amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'HOUSE',
      house: { certificateNo: '湘(2024)长沙市不动产权第0000001号', owner: '产品测试', address: '长沙市', area: 100, assessedValue: 800000 },
      rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1, ...over,
    });
  };

  describe('guarantee methods (businessGuaranteeConfig)', () => {
    it('lists the three seeded methods with their limits and use', async () => {
      const list = await methods();
      expect(list.map((m) => m.code)).toEqual(['HOUSE', 'GUARANTOR', 'CREDIT']);
      expect(list[1]).toMatchObject({ nameZh: '保证人担保', guarantorCount: 1, state: 'ENABLED' });
      expect(list[2]).toMatchObject({ allowWhitelisted: true, allowExemptGroups: true, maxAmount: 300000 });
      expect(list[0]!.usedCount as number).toBeGreaterThan(0);
    });

    it('answers the methods open to a proposer: credit-exempt only when whitelisted or in an exempt client group', async () => {
      const ask = async (idNumber: string, employmentCategory?: string) =>
        (await call('businessApproveRecord/userGuaranteeMethod', { idNumber, employmentCategory })).body.data;
      const plain = idOf('43010219900101123');
      let res = await ask(plain, '城镇登记失业人员');
      expect(res.methods.map((m: Method) => [m.code, m.open, m.closedBy])).toEqual([['HOUSE', true, null], ['GUARANTOR', true, null], ['CREDIT', false, 'NOT_ELIGIBLE']]);
      expect((await ask(plain, '高校毕业生')).methods[2].open).toBe(true);
      const trusted = idOf('43010219900101223');
      await up().db.insertInto('whitelist').values({ name: '白名单', id_number: trusted }).execute();
      res = await ask(trusted);
      expect(res).toMatchObject({ whitelisted: true });
      expect(res.methods[2].open).toBe(true);
      expectFields(await call('businessApproveRecord/userGuaranteeMethod', { idNumber: '123' }), { idNumber: 'validation.idNumber' });
      expect((await call('businessApproveRecord/userGuaranteeMethod', { idNumber: plain }, 'renshe')).status).toBe(403);
    });

    it('edits a method (versioned, audited); intake refuses a method closed to the proposer, naming it', async () => {
      const credit = (await methods())[2]!;
      const body = { ...credit, code: 'CREDIT', allowExemptGroups: false };
      for (const k of ['usedCount', 'updateTime']) delete (body as Record<string, unknown>)[k];
      const saved = await call('businessGuaranteeConfig/update', body);
      expect(saved.body.data).toMatchObject({ allowExemptGroups: false, version: credit.version + 1 });
      expect((await call('businessGuaranteeConfig/update', body)).status).toBe(409);
      // A graduate no longer gets credit-exempt; the message names the method.
      expectFields(await intake({ guaranteeMethod: 'CREDIT', house: undefined, proposer: { name: '毕业生', idNumber: idOf('43010219950101321'), mobile: '13712340002', gender: 'MALE', householdRegister: '长沙', employmentCategory: '高校毕业生' } }),
        { guaranteeMethod: 'validation.guaranteeClosed|{"method":"免担保信用"}' });
      const restored = await call('businessGuaranteeConfig/update', { ...body, allowExemptGroups: true, version: saved.body.data.version });
      expect(restored.body.code).toBe(200);
      const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'guaranteeMethod.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const summary = typeof audit.summary === 'string' ? JSON.parse(audit.summary) : audit.summary;
      expect([summary.before.allowExemptGroups, summary.after.allowExemptGroups]).toEqual([false, true]);

      expectFields(await call('businessGuaranteeConfig/update', { ...body, version: restored.body.data.version, guarantorCount: 9, maxAmount: -1 }),
        { maxAmount: 'validation.amount', guarantorCount: 'validation.guarantorCount' });
      expect((await call('businessGuaranteeConfig/update', { ...body, version: restored.body.data.version }, 'viewer')).status).toBe(403);
      expect((await call('businessGuaranteeConfig/list', { pageNum: 1, pageSize: 10 }, 'viewer')).status).toBe(200);
    });
  });

  describe('loan products (businessSchemaConfig)', () => {
    it('holds one current product per borrower type, its highest rate figured from the LPR', async () => {
      const list = await products();
      expect(list.map((p) => p.borrowerType).sort()).toEqual(['PARTNERSHIP', 'PERSON', 'SMALL_COMPANY']);
      const p = await person();
      expect(p).toMatchObject({ revision: 1, current: true, amountMin: 10000, amountMax: 300000, rateCap: 0.0435, rateMax: 0.0435 });
      expect(p.usedCount).toBeGreaterThan(0);
      expectFields(await call('businessSchemaConfig/list', { pageNum: 1, pageSize: 10, borrowerType: 'X' }), { borrowerType: 'validation.borrowerType' });
    });

    it('adds a product; bad input is refused with field messages and writes nothing', async () => {
      const before = await countRows(up().db, 'loan_product');
      const base = { ...editable(await person()), code: 'PERSON-TEST' } as Record<string, unknown>;
      delete base.id;
      delete base.version;
      expectFields(await call('businessSchemaConfig/add', { ...base, amountMin: 500000, terms: [7], repaymentMethods: [] }),
        { amountMax: 'validation.amountRange', terms: 'validation.productTerms', repaymentMethods: 'validation.repaymentMethods' });
      expectFields(await call('businessSchemaConfig/add', { ...base, code: 'PERSON-STD' }), { code: 'validation.productCodeTaken' });
      expectFields(await call('businessSchemaConfig/add', { ...base, clientGroupIds: [999999] }), { clientGroupIds: 'validation.clientGroups' });
      expect(await countRows(up().db, 'loan_product')).toBe(before);
      const added = await call('businessSchemaConfig/add', { ...base, nameZh: '测试产品', amountMax: 100000 });
      expect(added.body.data).toMatchObject({ code: 'PERSON-TEST', revision: 1, current: true, amountMax: 100000, usedCount: 0 });
      expect((await call('businessSchemaConfig/add', base, 'viewer')).status).toBe(403);
      // Never used: it may be deleted.
      expect((await call('businessSchemaConfig/del', { id: added.body.data.id, version: added.body.data.version })).body.code).toBe(200);
      expect(await countRows(up().db, 'loan_product')).toBe(before);
    });

    it('an edit makes a new revision for new applications; earlier applications keep theirs; a stale version is 409', async () => {
      const old = await person();
      const used = old.usedCount;
      const res = await call('businessSchemaConfig/update', { ...editable(old), amountMax: 250000, rateMarginBp: 100 });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({ code: 'PERSON-STD', revision: 2, current: true, amountMax: 250000, rateMax: 0.04, usedCount: 0 });
      expect((await call('businessSchemaConfig/update', { ...editable(old) })).status).toBe(409);
      const all = await products({ borrowerType: 'PERSON', history: true });
      expect(all.filter((p) => p.code === 'PERSON-STD').map((p) => [p.revision, p.current, p.usedCount])).toEqual([[1, false, used], [2, true, 0]]);

      // New applications take revision 2 and its limits, named in the message.
      expectFields(await intake({ amount: 260000 }), { amount: 'validation.productAmount|{"min":"10,000","max":"250,000"}' });
      expectFields(await intake({ rate: 0.0435 }), { rate: 'validation.productRate|{"max":4}' });
      expectFields(await intake({ rate: 0.04, termMonths: 6 }), { termMonths: 'validation.productTerm|{"terms":"12, 18, 24, 36"}' });
      expectFields(await intake({ rate: 0.04, productId: old.id }), { productId: 'validation.product' });
      const ok = await intake({ rate: 0.04, productId: res.body.data.id });
      expect(ok.body.code, ok.body.message).toBe(200);
      const app = await up().db.selectFrom('application').select('product_id').where('id', '=', ok.body.data.id).executeTakeFirstOrThrow();
      expect(app.product_id).toBe(res.body.data.id);
      expect((await call('businessSchemaConfig/options', { borrowerType: 'PERSON' })).body.data.map((p: Product) => p.id)).toContain(res.body.data.id);

      // In use: refused, and it stays; it can be disabled instead (a new revision again).
      const current = (await person());
      const refused = await call('businessSchemaConfig/del', { id: current.id, version: current.version });
      expect(refused.status).toBe(409);
      const disabled = await call('businessSchemaConfig/update', { ...editable(current), state: 'DISABLED' });
      expect(disabled.body.data).toMatchObject({ revision: 3, state: 'DISABLED' });
      expectFields(await intake({ rate: 0.04 }), { productId: 'validation.product' });
      const back = await call('businessSchemaConfig/update', { ...editable(disabled.body.data), amountMax: 300000, rateMarginBp: 150, state: 'ENABLED' });
      expect(back.body.data).toMatchObject({ revision: 4, state: 'ENABLED' });
    });

    it('intake refuses a guarantor loan without the method\'s number of guarantors, and amounts over the method\'s maximum', async () => {
      await up().db.updateTable('guarantee_method').set({ guarantor_count: 2 }).where('code', '=', 'GUARANTOR').execute();
      const guarantor = { name: '保证人', idNumber: idOf('43010219800202123'), mobile: '13712349999', gender: 'MALE' };
      expectFields(await intake({ guaranteeMethod: 'GUARANTOR', house: undefined, guarantors: [guarantor] }), { guarantors: 'validation.guarantorsMin|{"count":2}' });
      await up().db.updateTable('guarantee_method').set({ guarantor_count: 1, max_amount: 100000 }).where('code', '=', 'GUARANTOR').execute();
      expectFields(await intake({ guaranteeMethod: 'GUARANTOR', house: undefined, guarantors: [guarantor] }), { amount: 'validation.guaranteeMax|{"method":"保证人担保","max":"100,000"}' });
      await up().db.updateTable('guarantee_method').set({ max_amount: 1100000 }).where('code', '=', 'GUARANTOR').execute();
      expect((await intake({ guaranteeMethod: 'GUARANTOR', house: undefined, guarantors: [guarantor] })).body.code).toBe(200);
    });
  });
});
