import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream, type Upstream } from './harness';
import { countRows, expectFields, newIdNumber, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import { closeUnsupplemented } from '../../upstream/modules/workflow/returns';
import { MONEY_MAX } from '../../lib/contract/limits';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

type Person = { name: string; idNumber: string; mobile: string; gender: 'MALE' | 'FEMALE' };
const person = (name: string, year = 1990): Person => ({ name, idNumber: newIdNumber(year), mobile: '13712340000', gender: 'MALE' });

/** Uploads a file of a kind to a case, as the channel does before its supplement call. */
async function upload(up: Upstream, token: string, applicationId: number, kind: string) {
  const form = new FormData();
  form.set('applicationId', String(applicationId));
  form.set('kind', kind);
  form.set('file', new File([PNG as Uint8Array<ArrayBuffer>], 'proof.png', { type: 'image/png' }));
  const response = await up.fetch(new Request('http://upstream/api/upload/uploadFile', { method: 'POST', body: form, headers: { token, 'x-client-ip': '10.0.0.9' } }));
  expect(response.status).toBe(200);
}

describeUpstream('eligibility at the door: caps from settings, key groups, one live case per person, returned cases', (up) => {
  const tokens: Record<string, string> = {};
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    for (const who of ['admin', 'renshe', 'renshe2', 'renshe-lead', 'guarantee', 'guarantee-lead']) tokens[who] = await up().login(who);
    for (const [k, name] of Object.entries(ORGS)) {
      orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  const call = (path: string, body: unknown, who = 'admin') => up().call(path, body, { token: tokens[who] });

  /** An application of its own people; `over` changes any field. */
  const application = (over: Record<string, unknown> = {}) => ({
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { ...person('周晓明'), householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1, ...over,
  });
  const submit = (body: object) => call('channel/application/submit', body);
  const house = { certificateNo: '湘(2026)长沙市不动产权第0000001号', owner: '业主', address: '长沙市岳麓区', area: 120, assessedValue: 5_000_000 };
  const company = (amount: number) => application({
    borrowerType: 'SMALL_COMPANY', amount, staffCount: 10, businessName: '长沙星火科技有限公司', guaranteeMethod: 'HOUSE', house,
    employees: [1, 2].map(() => ({ ...person('员工', 1995), keyGroup: true })),
  });
  const partnership = (partners: number, amount: number) => application({
    borrowerType: 'PARTNERSHIP', amount, guaranteeMethod: 'GUARANTOR', guarantors: [person('保证人', 1980)],
    partners: Array.from({ length: partners }, (_, i) => ({ ...person(`合伙人${i + 1}`, 1988), shareRatio: Math.floor(100 / partners) })),
  });

  /** What became of an application: status, refusal reason, failed indicators and the records written. */
  async function outcome(res: { status: number; body: { code: number; data: { id: number; refusedBy?: string[] } } }) {
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const app = await up().db.selectFrom('application as a').leftJoin('refuse_reason as r', 'r.id', 'a.refuse_reason_id')
      .select(['a.status', 'r.content', 'a.mobile']).where('a.id', '=', res.body.data.id).executeTakeFirstOrThrow();
    const records = await up().db.selectFrom('approval_record').select('action').where('application_id', '=', res.body.data.id).orderBy('id').execute();
    return { status: app.status, reason: app.content, refusedBy: res.body.data.refusedBy ?? [], records: records.map((r) => r.action) };
  }
  const passed = { status: 'IN_REVIEW', reason: null, refusedBy: [], records: ['SUBMIT'] };
  const refusedBy = (code: string, reason: string) => ({ status: 'REFUSED', reason, refusedBy: [code], records: ['SUBMIT', 'REFUSE'] });
  const OVER_CAP = '申请金额超过借款人类型的额度上限';

  describe('caps from the borrower types\' settings', () => {
    it('a person may borrow 300,000; 300,000.01 is refused by the AMOUNT_CAP indicator with its reason, SMS and a place in the refusal statistics', async () => {
      expect(await outcome(await submit(application({ amount: 300_000 })))).toEqual(passed);
      const over = await submit(application({ amount: 300_000.01 }));
      expect(await outcome(over)).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
      const sms = await up().db.selectFrom('sms_outbox').select(['template', 'content']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ template: 'REFUSED', content: expect.stringContaining('超过了额度上限') });
      const check = await up().db.selectFrom('application_check').select(['verdict', 'observed', 'detail']).where('application_id', '=', over.body.data.id).where('code', '=', 'AMOUNT_CAP').executeTakeFirstOrThrow();
      expect(check).toMatchObject({ verdict: 'REFUSED', observed: '0.01', detail: { cap: 300000, amount: 300000.01, partners: 0 } });
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      const stats = (await call('applyStatistics/form', { dateFrom: today, dateTo: today, unit: 'day' })).body.data;
      expect(stats.refusals.find((r: { reason: string }) => r.reason === OVER_CAP)?.count).toBeGreaterThanOrEqual(1);
    });

    it('the largest amount a field takes is refused as over the cap, one fen more is bad input; nothing overflows', async () => {
      expect(await outcome(await submit(application({ amount: MONEY_MAX })))).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
      expectFields(await submit(application({ amount: MONEY_MAX + 0.01 })), { amount: 'validation.amount' });
      const guarantee = (await call('businessGuaranteeConfig/list', { pageNum: 1, pageSize: 10 })).body.data.list[0];
      expect((await call('businessGuaranteeConfig/update', { ...guarantee, maxAmount: MONEY_MAX })).body.code).toBe(200);
      expectFields(await call('businessGuaranteeConfig/update', { ...guarantee, version: guarantee.version + 1, maxAmount: MONEY_MAX + 1 }), { maxAmount: 'validation.amount' });
      expect((await call('businessGuaranteeConfig/update', { ...guarantee, version: guarantee.version + 1 })).body.code).toBe(200);
    });

    it('a small company may borrow 4,000,000; 4,000,000.01 is refused', async () => {
      expect(await outcome(await submit(company(4_000_000)))).toEqual(passed);
      expect(await outcome(await submit(company(4_000_000.01)))).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
    });

    // Partners' caps of 300,000 each plus the 10% uplift, never above the 1,100,000 ceiling.
    it.each([[1, 330_000], [2, 660_000], [3, 990_000], [4, 1_100_000], [5, 1_100_000]])('a partnership of %i partners may borrow %i and not a fen more', async (partners, cap) => {
      expect(await outcome(await submit(partnership(partners, cap)))).toEqual(passed);
      expect(await outcome(await submit(partnership(partners, cap + 0.01)))).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
    });

    it('intake follows a change of the settings at once: a lower cap, a shorter longest term, a partnership uplift', async () => {
      const types = (await call('business-client-group/typeOfBorrowerList', {})).body.data as { borrowerType: string; version: number; capAmount: number; maxTermMonths: number; totalCapAmount: number | null; partnerUplift: number | null }[];
      const personType = types.find((t) => t.borrowerType === 'PERSON')!;
      const partnershipType = types.find((t) => t.borrowerType === 'PARTNERSHIP')!;
      expect(partnershipType).toMatchObject({ capAmount: 300000, totalCapAmount: 1100000, partnerUplift: 10 });
      const update = (row: typeof personType, change: Record<string, unknown>) => call('business-client-group/typeOfBorrowerUpdate', { ...row, ...change });
      try {
        const lowered = await update(personType, { capAmount: 250_000, maxTermMonths: 24 });
        expect(lowered.body.code, JSON.stringify(lowered.body)).toBe(200);
        expect(await outcome(await submit(application({ amount: 250_000 })))).toEqual(passed);
        expect(await outcome(await submit(application({ amount: 250_000.01 })))).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
        expect(await outcome(await submit(application({ termMonths: 36 })))).toEqual(refusedBy('TERM_MAX', '贷款期限超过借款人类型的最长期限'));
        await update(personType, { version: lowered.body.data.version, capAmount: 300_000, maxTermMonths: 36 });

        expectFields(await update(partnershipType, { partnerUplift: 120 }), { partnerUplift: 'validation.partnerUplift' });
        expectFields(await update(partnershipType, { totalCapAmount: 200_000 }), { totalCapAmount: 'validation.totalCapBelowCap' });
        const noUplift = await update(partnershipType, { partnerUplift: 0 });
        expect(noUplift.body.data).toMatchObject({ partnerUplift: 0, version: partnershipType.version + 1 });
        expect(await outcome(await submit(partnership(2, 600_000)))).toEqual(passed);
        expect(await outcome(await submit(partnership(2, 600_000.01)))).toEqual(refusedBy('AMOUNT_CAP', OVER_CAP));
        await update(partnershipType, { version: noUplift.body.data.version, partnerUplift: 10 });
      } finally {
        const now = (await call('business-client-group/typeOfBorrowerList', {})).body.data as typeof types;
        for (const row of now) {
          const seed = types.find((t) => t.borrowerType === row.borrowerType)!;
          if (row.capAmount !== seed.capAmount || row.maxTermMonths !== seed.maxTermMonths || row.partnerUplift !== seed.partnerUplift) {
            await update(row, { capAmount: seed.capAmount, maxTermMonths: seed.maxTermMonths, partnerUplift: seed.partnerUplift ?? undefined });
          }
        }
      }
    });

    it('a product cannot lend beyond its borrower type\'s cap or term', async () => {
      const product = (await call('businessSchemaConfig/list', { pageNum: 1, pageSize: 10, borrowerType: 'PERSON' })).body.data.list[0];
      expectFields(await call('businessSchemaConfig/update', { ...product, amountMax: 300_000.01 }), { amountMax: 'validation.productCap|{"max":"300,000"}' });
      const companies = (await call('businessSchemaConfig/list', { pageNum: 1, pageSize: 10, borrowerType: 'SMALL_COMPANY' })).body.data.list[0];
      expectFields(await call('businessSchemaConfig/update', { ...companies, terms: [12, 36] }), { terms: 'validation.productTermMax|{"max":24}' });
      const partnerships = (await call('businessSchemaConfig/list', { pageNum: 1, pageSize: 10, borrowerType: 'PARTNERSHIP' })).body.data.list[0];
      expectFields(await call('businessSchemaConfig/update', { ...partnerships, amountMax: 1_100_000.01 }), { amountMax: 'validation.productCap|{"max":"1,100,000"}' });
    });
  });

  describe('key groups', () => {
    it('a proposer in no key group, or in a group that does not serve the borrower type or is disabled, is refused by the CLIENT_GROUP indicator', async () => {
      const NO_GROUP = '申请人不属于创业担保贷款扶持的重点群体';
      const none = await submit(application({ proposer: { ...person('在职者'), householdRegister: '长沙', employmentCategory: '在职职工' } }));
      expect(await outcome(none)).toEqual(refusedBy('CLIENT_GROUP', NO_GROUP));
      expect((await up().db.selectFrom('application').select('client_group_id').where('id', '=', none.body.data.id).executeTakeFirstOrThrow()).client_group_id).toBeNull();

      const added = await call('business-client-group/edit', { code: 'PERSONS_ONLY', nameZh: '仅个人群体', nameEn: 'Persons only', borrowerTypes: ['PERSON'], proofKinds: [], creditExempt: false });
      expect(added.body.code, JSON.stringify(added.body)).toBe(200);
      expect(await outcome(await submit({ ...company(500_000), clientGroupId: added.body.data.id }))).toEqual(refusedBy('CLIENT_GROUP', NO_GROUP));
      const inGroup = await submit(application({ guaranteeMethod: 'GUARANTOR', guarantors: [person('保证人', 1980)], clientGroupId: added.body.data.id }));
      expect(await outcome(inGroup)).toEqual(passed);
      // In use, the group is disabled by its delete: a proposer in it is refused.
      expect((await call('business-client-group/del', { id: added.body.data.id, version: added.body.data.version })).body.code).toBe(200);
      expect(await outcome(await submit(application({ guaranteeMethod: 'GUARANTOR', guarantors: [person('保证人', 1980)], clientGroupId: added.body.data.id }))))
        .toEqual(refusedBy('CLIENT_GROUP', NO_GROUP));
      // The group named in English works as well as in Chinese.
      const english = (await up().db.selectFrom('client_group').select('name_en').where('name_zh', '=', '高校毕业生').executeTakeFirstOrThrow()).name_en;
      expect(await outcome(await submit(application({ proposer: { ...person('毕业生'), householdRegister: '长沙', employmentCategory: english.toLowerCase() } })))).toEqual(passed);
    });
  });

  describe('one live case per person', () => {
    it.each(['proposer', 'spouse', 'partner', 'guarantor', 'guarantorSpouse'] as const)('a %s of a case under way may not be in a second one: 409 naming it, nothing written', async (role) => {
      const someone = person('张三', 1985);
      const first = await submit({
        ...partnership(1, 200_000),
        ...(role === 'proposer' ? { proposer: { ...someone, householdRegister: '长沙', employmentCategory: '高校毕业生' } } : {}),
        ...(role === 'spouse' ? { spouse: someone } : {}),
        ...(role === 'partner' ? { partners: [{ ...someone, shareRatio: 50 }] } : {}),
        ...(role === 'guarantor' ? { guarantors: [someone] } : {}),
        ...(role === 'guarantorSpouse' ? { guarantors: [{ ...person('保证人', 1980), spouse: someone }] } : {}),
      });
      expect(first.body.data.status, JSON.stringify(first.body)).toBe('IN_REVIEW');
      const before = await countRows(up().db, 'application');
      // The same person as the second case's proposer, and as its guarantor.
      const again = await submit(application({ proposer: { ...someone, householdRegister: '长沙', employmentCategory: '高校毕业生' } }));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(`张三 已在办理中的贷款申请 ${first.body.data.number} 中，同一人同时只能有一笔在办申请`);
      expect((await submit(application({ guaranteeMethod: 'GUARANTOR', guarantors: [someone] }))).status).toBe(409);
      expect(await countRows(up().db, 'application')).toBe(before);
    });

    it('a borrower of a loan not settled is refused by OPEN_LOANS naming the loan; a refused or withdrawn case does not count', async () => {
      const borrower = person('李四', 1987);
      const loan = await submit(application({ proposer: { ...borrower, householdRegister: '长沙', employmentCategory: '高校毕业生' } }));
      await up().db.updateTable('application').set({ status: 'LOANED', node_id: null, stage: null, assignee_id: null }).where('id', '=', loan.body.data.id).execute();
      const body = application({ spouse: borrower });
      const again = await submit(body);
      expect(await outcome(again)).toEqual(refusedBy('OPEN_LOANS', '已有未结清的创业担保贷款'));
      const check = await up().db.selectFrom('application_check').select('detail').where('application_id', '=', again.body.data.id).where('code', '=', 'OPEN_LOANS').executeTakeFirstOrThrow();
      expect(check.detail).toEqual({ numbers: [loan.body.data.number] });
      // A refused case is not live: its proposer may apply again.
      expect(await outcome(await submit(application({ proposer: body.proposer })))).toEqual(passed);
    });

    it('concurrent intakes of the same person give exactly one case', async () => {
      const someone = { ...person('并发', 1991), householdRegister: '长沙', employmentCategory: '高校毕业生' };
      const results = await Promise.all(Array.from({ length: 6 }, () => submit(application({ proposer: someone }))));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const cases = await up().db.selectFrom('application').select('id').where('id_number', '=', someone.idNumber).execute();
      expect(cases).toHaveLength(1);
    });
  });

  describe('supervisors and reviewers', () => {
    it('a reviewer may neither reassign a colleague\'s case nor turn a colleague\'s cases over; the organisation\'s supervisor may', async () => {
      const app = await createCase(up().db, { assignee: 'renshe' });
      const renshe3 = await userId(up().db, 'renshe3');
      const reassign = (who: string, version: number) => call('businessClubFirstTrial/adminRedeploy', { id: app.id, version, key: key(), userId: renshe3 }, who);
      expect((await reassign('renshe2', app.version)).status).toBe(403);
      const ids = { renshe: await userId(up().db, 'renshe') };
      const fromRenshe = (who: string) => call('businessClubFirstTrial/turnOver', { stage: 'RS_FIRST', fromUserId: ids.renshe, toUserId: renshe3, key: key() }, who);
      expect((await fromRenshe('renshe2')).status).toBe(403);
      expect((await up().db.selectFrom('application').select('assignee_id').where('id', '=', app.id).executeTakeFirstOrThrow()).assignee_id).toBe(ids.renshe);
      const moved = await reassign('renshe-lead', app.version);
      expect(moved.body.data.application.assignee).toMatchObject({ id: renshe3 });
      const handed = await fromRenshe('renshe-lead');
      expect(handed.body.code, JSON.stringify(handed.body)).toBe(200);
      // A supervisor of another kind of organisation holds no button of the bureau's stages.
      expect((await call('businessClubFirstTrial/adminRedeploy', { id: app.id, version: app.version + 1, key: key(), userId: ids.renshe }, 'guarantee-lead')).status).toBe(403);
    });

    it('the blacklist strategy holds its three seeded rules', async () => {
      const rules = (await call('business-blacklist-strategy/list', { pageNum: 1, pageSize: 10 })).body.data.list as { condition: string; months: number; paramValue: number | null; state: string }[];
      expect(rules.map((r) => [r.condition, r.months, r.paramValue, r.state]).sort()).toEqual([
        ['COMPENSATED', 60, null, 'ENABLED'], ['FALSE_MATERIAL', 36, null, 'ENABLED'], ['OVERDUE_DAYS', 36, 90, 'ENABLED'],
      ]);
    });
  });

  describe('the key group\'s proof documents', () => {
    it('renshe first review approves only with them on the case; the drawer says which are there', async () => {
      const res = await submit(application({ proposer: { ...person('退役者'), householdRegister: '长沙', employmentCategory: '返乡创业农民工' }, guaranteeMethod: 'GUARANTOR', guarantors: [person('保证人', 1980)] }));
      const app = await up().db.selectFrom('application').select(['id', 'version', 'assignee_id']).where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      const assignee = (await up().db.selectFrom('app_user').select('username').where('id', '=', app.assignee_id!).executeTakeFirstOrThrow()).username;
      tokens[assignee] ??= await up().login(assignee);
      const next = await userId(up().db, ['renshe', 'renshe2', 'renshe3'].find((u) => u !== assignee)!);
      const check = () => call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), nextUserId: next }, assignee);
      const detail = async () => (await call('businessClubFirstTrial/unfold', { id: app.id }, assignee)).body.data.proofs;
      expect(await detail()).toEqual([{ kind: 'MIGRANT_PROOF', uploaded: false }, { kind: 'HOUSEHOLD', uploaded: false }]);
      const refused = await check();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('缺少客户群体要求的证明材料：返乡创业证明、户口簿。请上传，或退回申请人补正');
      await upload(up(), tokens.admin!, app.id, 'MIGRANT_PROOF');
      expect((await check()).body.message).toBe('缺少客户群体要求的证明材料：户口簿。请上传，或退回申请人补正');
      expect((await up().db.selectFrom('application').select(['stage', 'version']).where('id', '=', app.id).executeTakeFirstOrThrow())).toEqual({ stage: 'RS_FIRST', version: app.version });
      await upload(up(), tokens.admin!, app.id, 'HOUSEHOLD');
      expect(await detail()).toEqual([{ kind: 'MIGRANT_PROOF', uploaded: true }, { kind: 'HOUSEHOLD', uploaded: true }]);
      const passed = await check();
      expect(passed.body.data.application, JSON.stringify(passed.body)).toMatchObject({ stage: 'RS_SECOND' });
    });
  });

  describe('returned for supplements', () => {
    /** A case entered through the channel, at renshe first review. */
    async function entered() {
      const res = await submit(application());
      const app = await up().db.selectFrom('application').select(['id', 'number', 'version', 'assignee_id', 'deadline', 'node_id']).where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      const assignee = (await up().db.selectFrom('app_user').select('username').where('id', '=', app.assignee_id!).executeTakeFirstOrThrow()).username;
      tokens[assignee] ??= await up().login(assignee);
      return { ...app, assignee };
    }
    const returnCase = (app: Awaited<ReturnType<typeof entered>>, documents: string[]) =>
      call('businessClubFirstTrial/return', { id: app.id, version: app.version, key: key(), opinion: '请补充毕业证书和户口簿', documents }, app.assignee);
    const supplement = (number: string, k = key()) => call('channel/application/supplement', { number, key: k, note: '已补充' });

    it('keeps its stage and reviewer, pauses its deadline, tells the applicant; the supplements bring it back to them with a record', async () => {
      const app = await entered();
      const returned = await returnCase(app, ['DIPLOMA', 'HOUSEHOLD']);
      expect(returned.body.data.application).toMatchObject({ status: 'RETURNED', stage: 'RS_FIRST', assignee: { id: app.assignee_id }, overdue: false, awaited: { documents: ['DIPLOMA', 'HOUSEHOLD'] } });
      const sms = await up().db.selectFrom('sms_outbox').select(['template', 'content']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ template: 'RETURNED', content: expect.stringContaining(`${app.number} 需补正材料：毕业证书、户口簿。请在 20 个工作日内补正`) });
      // The reviewer's list at the stage shows it, with what is awaited.
      const listed = (await call('businessClubFirstTrial/getList', { pageNum: 1, pageSize: 30, stage: 'RS_FIRST', status: 'RETURNED' }, app.assignee)).body.data.list;
      expect(listed.find((r: { id: number }) => r.id === app.id)).toMatchObject({ status: 'RETURNED', awaited: { note: '请补充毕业证书和户口簿' } });
      // While it waits nobody decides on it.
      expect((await call('businessClubFirstTrial/check', { id: app.id, version: app.version + 1, key: key() }, app.assignee)).status).toBe(409);

      expectFields(await supplement('SQ1'), { number: 'validation.applicationNumber' });
      expect((await supplement('SQ209901010000001')).status).toBe(404);
      const early = await supplement(app.number);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('退回后尚未上传以下材料：毕业证书、户口簿');
      await upload(up(), tokens.admin!, app.id, 'DIPLOMA');
      expect((await supplement(app.number)).body.message).toBe('退回后尚未上传以下材料：户口簿');
      await upload(up(), tokens.admin!, app.id, 'HOUSEHOLD');
      const k = key();
      const back = await supplement(app.number, k);
      expect(back.body.data).toEqual({ id: app.id, number: app.number, status: 'IN_REVIEW' });
      expect((await supplement(app.number, k)).body.data).toEqual(back.body.data);
      expect((await supplement(app.number)).status).toBe(409);
      const after = await up().db.selectFrom('application').select(['status', 'stage', 'assignee_id', 'node_id', 'deadline', 'awaited_kinds', 'version']).where('id', '=', app.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ status: 'IN_REVIEW', stage: 'RS_FIRST', assignee_id: app.assignee_id, node_id: app.node_id, awaited_kinds: null, version: app.version + 2 });
      // The deadline had the same working days left as when it was returned (same day here: the same deadline).
      expect(new Date(after.deadline!).toISOString().slice(0, 10)).toBe(new Date(app.deadline!).toISOString().slice(0, 10));
      const records = await up().db.selectFrom('approval_record').select(['action', 'to_status', 'target_user_id', 'opinion']).where('application_id', '=', app.id).orderBy('id').execute();
      expect(records.map((r) => r.action)).toEqual(['SUBMIT', 'RETURN', 'SUPPLEMENT']);
      expect(records[2]).toMatchObject({ to_status: 'IN_REVIEW', target_user_id: app.assignee_id, opinion: '已补充' });
      const message = await up().db.selectFrom('message').select(['menu_url']).where('user_id', '=', app.assignee_id!).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(message.menu_url).toBe('/renshe/renshe-first');
      // Without the channel's permission the call is refused.
      expect((await call('channel/application/supplement', { number: app.number, key: key() }, 'renshe2')).status).toBe(403);
    });

    it('unsupplemented after the configured working days it is withdrawn with a record and an SMS, once across replicas', async () => {
      const app = await entered();
      await returnCase(app, ['DIPLOMA']);
      const later = new Date(Date.now() + 45 * 86_400_000);
      // Two replicas at once: one claims the day's run.
      const runs = await Promise.all([closeUnsupplemented(up().db, later), closeUnsupplemented(up().db, later)]);
      expect(runs.filter((r) => r === null)).toHaveLength(1);
      expect(runs.find((r) => r !== null)).toBeGreaterThanOrEqual(1);
      const closed = await up().db.selectFrom('application').select(['status', 'stage', 'assignee_id']).where('id', '=', app.id).executeTakeFirstOrThrow();
      expect(closed).toEqual({ status: 'WITHDRAWN', stage: null, assignee_id: null });
      const record = await up().db.selectFrom('approval_record').select(['action', 'from_status', 'actor_id', 'details']).where('application_id', '=', app.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(record).toMatchObject({ action: 'WITHDRAW', from_status: 'RETURNED', actor_id: null, details: { timedOut: true } });
      const sms = await up().db.selectFrom('sms_outbox').select(['template', 'content']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ template: 'WITHDRAWN', content: expect.stringContaining(`${app.number} 未在规定期限内补正材料`) });
      const run = await up().db.selectFrom('daily_job_run').selectAll().where('job', '=', 'RETURN_TIMEOUT').executeTakeFirstOrThrow();
      expect(run.finished_at).not.toBeNull();
      // A case still within its days is left as it is.
      const waiting = await entered();
      await returnCase(waiting, ['DIPLOMA']);
      expect(await closeUnsupplemented(up().db, new Date(Date.now() + 86_400_000))).toBe(0);
      expect((await up().db.selectFrom('application').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow()).status).toBe('RETURNED');
    });
  });
});
