// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${name} is the SMS templates' variable syntax, written as the user types it
import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, freshIp, staffIn } from './helpers';
import { createCase, key } from './workflow-fixtures';

const PAGE = '/admin/setting/business/message';

describeUpstream('SMS templates (noteTemplate) and the messages sent through them', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe'] as const) tokens[name] = await up().login(name);
    tokens.viewer = (await staffIn(up(), 'sms-viewer', null, { pages: [PAGE] })).token;
  });
  const call = (path: string, body: object, who = 'admin') => up().call(`noteTemplate/${path}`, body, { token: tokens[who] });
  type Row = { id: number; scene: string; content: string; signature: string; state: string; version: number; sentCount: number };
  const enabledOf = async (scene: string): Promise<Row> =>
    (await call('list', { pageNum: 1, pageSize: 10, scene, state: 'ENABLED' })).body.data.list[0];
  const lastOutbox = () => up().db.selectFrom('sms_outbox').select(['mobile', 'template', 'content', 'template_id', 'template_version'])
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  const audits = (action: string) => up().db.selectFrom('audit_log').select(['target_id', 'summary']).where('action', '=', action).orderBy('id').execute();

  async function refuseCase() {
    const app = await createCase(up().db);
    const reason = await up().db.selectFrom('refuse_reason').select(['id', 'content', 'sms_text']).where('kind', '=', 'STATUS').where('state', '=', 'ENABLED')
      .orderBy('id').executeTakeFirstOrThrow();
    const res = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: reason.id, opinion: '' }, { token: tokens.renshe });
    expect(res.body.code, res.body.message).toBe(200);
    return { app, reason: reason.sms_text || reason.content };
  }

  describe('list', () => {
    it('holds one enabled seeded template per scene, searchable by scene, state and content', async () => {
      const data = (await call('list', { pageNum: 1, pageSize: 30, state: 'ENABLED' })).body.data;
      expect(data.list.map((r: Row) => r.scene).sort()).toEqual(
        ['APPROVED', 'CONSULT_ANSWERED', 'LOANED', 'LOGIN_CODE', 'OVERDUE_REMIND', 'REFUSED', 'REGISTER_CODE', 'RESET_PASSWORD', 'RETURNED', 'WITHDRAWN']);
      expect((await call('list', { pageNum: 1, pageSize: 10, content: '${reason}' })).body.data.list.map((r: Row) => r.scene)).toEqual(['REFUSED']);
      expect((await call('list', { pageNum: 1, pageSize: 10 }, 'viewer')).body.code).toBe(200);
      expectFields(await call('list', { pageNum: 1, pageSize: 10, scene: 'NOPE' }), { scene: 'validation.smsScene' });
    });
  });

  describe('the messages the product sends', () => {
    it('refusing a case sends the REFUSED template with the reason; switching the template changes the next message', async () => {
      const first = await refuseCase();
      const template = await enabledOf('REFUSED');
      let sms = await lastOutbox();
      expect(sms).toEqual({
        mobile: '13912345678', template: 'REFUSED', template_id: template.id, template_version: template.version,
        content: `【创业担保贷款】测试申请人您好，您的创业担保贷款申请 ${first.app.number} 未获通过：${first.reason}`,
      });

      const added = await call('add', { scene: 'REFUSED', signature: '测试签名', content: '申请 ${number} 被拒：${reason}。', state: 'ENABLED' });
      expect(added.body.code, added.body.message).toBe(200);
      const old = (await call('list', { pageNum: 1, pageSize: 30, scene: 'REFUSED' })).body.data.list.find((r: Row) => r.id === template.id);
      expect(old).toMatchObject({ state: 'DISABLED', version: template.version + 1, sentCount: 1 });
      expect((await audits('smsTemplate.state')).at(-1)!.target_id).toBe(String(template.id));

      const second = await refuseCase();
      sms = await lastOutbox();
      expect(sms.content).toBe(`【测试签名】申请 ${second.app.number} 被拒：${second.reason}。`);
      expect(sms).toMatchObject({ template_id: added.body.data.id, template_version: 1 });

      // An edit raises the version the next message records.
      const edited = await call('update', { id: added.body.data.id, version: 1, signature: '测试签名', content: '已拒绝 ${number}：${reason}', state: 'ENABLED' });
      expect(edited.body.data.version).toBe(2);
      const third = await refuseCase();
      expect(await lastOutbox()).toMatchObject({ content: `【测试签名】已拒绝 ${third.app.number}：${third.reason}`, template_version: 2 });

      // Back to the seeded one for the other tests.
      const back = await call('update', { ...old, state: 'ENABLED' });
      expect(back.body.code, back.body.message).toBe(200);
    });

    it('a disabled scene sends nothing: the refusal still goes through and the outbox gets no row', async () => {
      const template = await enabledOf('REFUSED');
      const off = await call('update', { id: template.id, version: template.version, signature: template.signature, content: template.content, state: 'DISABLED' });
      expect(off.body.data.state).toBe('DISABLED');
      const before = await countRows(up().db, 'sms_outbox');
      await refuseCase();
      expect(await countRows(up().db, 'sms_outbox')).toBe(before);
      await call('update', { id: template.id, version: off.body.data.version, signature: template.signature, content: template.content, state: 'ENABLED' });
    });

    it('registration codes are rendered from the REGISTER_CODE template and keep its version', async () => {
      const template = await enabledOf('REGISTER_CODE');
      const mobile = '13700001111';
      expect((await up().call('admin/sendSms', { purpose: 'REGISTER', mobile }, { ip: freshIp() })).body.code).toBe(200);
      const sms = await lastOutbox();
      expect(sms).toMatchObject({ mobile, template: 'REGISTER_CODE', template_id: template.id, template_version: template.version });
      expect(sms.content).toMatch(/^【创业担保贷款】您的注册验证码为 \d{6}，5 分钟内有效，请勿泄露。$/);
      // The outbox list hides the code.
      const listed = (await call('outbox', { pageNum: 1, pageSize: 10, mobile })).body.data.list[0];
      expect(listed).toMatchObject({ mobile: '137****1111', template: 'REGISTER_CODE', content: null, templateVersion: template.version });
    });
  });

  describe('changes', () => {
    it('refuses variables the scene does not offer, naming them, and writes nothing', async () => {
      const before = await countRows(up().db, 'sms_template');
      expectFields(await call('add', { scene: 'APPROVED', signature: '签名', content: '${name} ${code} ${foo}', state: 'DISABLED' }),
        { content: 'validation.smsVariables|{"names":"${code}, ${foo}"}' });
      expectFields(await call('add', { scene: 'APPROVED', signature: ' ', content: '' }), { signature: 'validation.smsSignature', content: 'validation.smsContent' });
      const row = await enabledOf('LOANED');
      expectFields(await call('update', { id: row.id, version: row.version, signature: row.signature, content: '${reason}', state: 'ENABLED' }),
        { content: 'validation.smsVariables|{"names":"${reason}"}' });
      expect(await countRows(up().db, 'sms_template')).toBe(before);
      expect(await enabledOf('LOANED')).toEqual(row);
    });

    it('a stale version is 409 and changes nothing; the change is audited with before and after', async () => {
      const row = await enabledOf('OVERDUE_REMIND');
      const body = { id: row.id, signature: row.signature, content: `${row.content}。`, state: 'ENABLED' };
      expect((await call('update', { ...body, version: row.version })).body.code).toBe(200);
      expect((await call('update', { ...body, content: 'x', version: row.version })).status).toBe(409);
      expect((await enabledOf('OVERDUE_REMIND')).content).toBe(`${row.content}。`);
      const line = (await audits('smsTemplate.update')).at(-1)!;
      expect(line.target_id).toBe(String(row.id));
      const summary = typeof line.summary === 'string' ? JSON.parse(line.summary) : line.summary;
      expect(summary.before.content).toBe(row.content);
      expect(summary.after.content).toBe(`${row.content}。`);
    });

    it('deletes a template never used; a used one is refused (409) and stays', async () => {
      const added = (await call('add', { scene: 'CONSULT_ANSWERED', signature: '签名', content: '咨询 ${number} 已答复', state: 'DISABLED' })).body.data;
      expect((await call('del', { id: added.id, version: added.version })).body.code).toBe(200);
      expect(await up().db.selectFrom('sms_template').select('id').where('id', '=', added.id).executeTakeFirst()).toBeUndefined();
      const used = await enabledOf('REGISTER_CODE');
      const refused = await call('del', { id: used.id, version: used.version });
      expect(refused.status).toBe(409);
      expect(await enabledOf('REGISTER_CODE')).toEqual(used);
    });

    it('a test send renders sample values into the outbox with the template version', async () => {
      const row = await enabledOf('APPROVED');
      const res = await call('testSend', { id: row.id, mobile: '13800002222' });
      expect(res.body.data.content).toBe('【创业担保贷款】张三您好，您的创业担保贷款申请 CD202600000001 已审批通过，金额 200,000.00 元，请留意银行放款通知。');
      expect(await lastOutbox()).toMatchObject({ mobile: '13800002222', template: 'APPROVED', template_version: row.version, content: res.body.data.content });
      expectFields(await call('testSend', { id: row.id, mobile: '123' }), { mobile: 'validation.mobileFormat' });
      expect((await call('testSend', { id: 999_999, mobile: '13800002222' })).status).toBe(404);
    });

    it('every change needs its button: a holder of the page alone may only read', async () => {
      const row = await enabledOf('APPROVED');
      for (const [path, body] of [
        ['add', { scene: 'APPROVED', signature: 's', content: 'c', state: 'DISABLED' }],
        ['update', { id: row.id, version: row.version, signature: 's', content: 'c', state: 'ENABLED' }],
        ['del', { id: row.id, version: row.version }],
        ['testSend', { id: row.id, mobile: '13800002222' }],
      ] as const) expect((await call(path, body, 'viewer')).status, path).toBe(403);
      expect((await call('list', { pageNum: 1, pageSize: 10 }, 'renshe')).status).toBe(403);
      expect((await call('outbox', { pageNum: 1, pageSize: 10 }, 'renshe')).status).toBe(403);
    });
  });
});
