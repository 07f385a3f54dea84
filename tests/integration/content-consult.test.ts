import { beforeEach, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, freshIp } from './helpers';

const ask = { name: '张三', category: 'POLICY', content: '请问创业担保贷款的额度是多少？\n谢谢。' };
let mobileSeq = 0;
const freshMobile = () => { mobileSeq += 1; return `139${String(mobileSeq).padStart(8, '0')}`; };

describeUpstream('consultations (businssConsult and the public form)', (up) => {
  const tokens: Record<string, string> = {};
  // Signed in afresh for each test: some move the clock past a day.
  beforeEach(async () => {
    for (const name of ['admin', 'renshe']) tokens[name] = await up().login(name);
  });
  const submit = (input: object, ip = freshIp(), locale?: string) =>
    up().call('mobile/public/businssConsult/add', { ...ask, mobile: freshMobile(), ...input }, { ip, locale });

  it('takes a question from the public, lists it masked with its due time, answers it and writes the CONSULT_ANSWERED SMS', async () => {
    const mobile = freshMobile();
    const res = await submit({ mobile });
    expect(res.body.code).toBe(200);
    const { id } = res.body.data;
    const list = await up().call('businssConsult/getList', { state: 'PENDING', pageSize: 30 }, { token: tokens.admin });
    const row = list.body.data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ name: '张三', mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, state: 'PENDING', overdue: false, answer: null });

    const outboxBefore = await countRows(up().db, 'sms_outbox');
    const answered = await up().call('businssConsult/answer', { id, version: row.version, answer: '个人最高 30 万元。' }, { token: tokens.admin });
    expect(answered.body.data).toMatchObject({ state: 'ANSWERED', answer: '个人最高 30 万元。', answeredBy: '系统管理员' });
    const sms = await up().db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ template: 'CONSULT_ANSWERED' });
    expect(sms[0]!.content).toBe(`【创业担保贷款】尊敬的张三，您提交的第 ${id} 号咨询已回复，请登录服务平台查看。`);
    expect(await countRows(up().db, 'sms_outbox')).toBe(outboxBefore + 1);

    // A retry with the version it read changes nothing and sends nothing.
    const retry = await up().call('businssConsult/answer', { id, version: row.version, answer: '个人最高 30 万元。' }, { token: tokens.admin });
    expect(retry.status).toBe(409);
    expect(await countRows(up().db, 'sms_outbox')).toBe(outboxBefore + 1);

    const closed = await up().call('businssConsult/close', { id, version: answered.body.data.version }, { token: tokens.admin });
    expect(closed.body.data.state).toBe('CLOSED');
    const late = await up().call('businssConsult/answer', { id, version: closed.body.data.version, answer: '补充' }, { token: tokens.admin });
    expect(late.status).toBe(409);
    const audits = await up().db.selectFrom('audit_log').select('action').where('target_type', '=', 'consult').where('target_id', '=', String(id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['consult.answer', 'consult.close']);
  });

  it('highlights a question still waiting after 3 working days', async () => {
    const { id } = (await submit({})).body.data;
    const rowOf = async () => (await up().call('businssConsult/getList', { pageSize: 30 }, { token: tokens.admin })).body.data.list.find((r: { id: number }) => r.id === id);
    const row = await rowOf();
    expect(row.overdue).toBe(false);
    const due = new Date(row.dueTime).getTime();
    const created = new Date(row.createTime).getTime();
    // Three working days: at least three calendar days, at most five (a weekend between).
    expect(due - created).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(due - created).toBeLessThanOrEqual(5 * 86_400_000);
    up().clock.advance(due - up().clock.now().getTime() - 60_000);
    tokens.admin = await up().login('admin');
    expect((await rowOf()).overdue).toBe(false);
    up().clock.advance(120_000);
    expect((await rowOf()).overdue).toBe(true);
    // The waiting ones come first, the longest waiting first.
    const list = (await up().call('businssConsult/getList', { pageSize: 30 }, { token: tokens.admin })).body.data.list as { state: string; createTime: string }[];
    const pending = list.filter((r) => r.state === 'PENDING');
    expect(list.slice(0, pending.length)).toEqual(pending);
    expect(pending.map((r) => r.createTime)).toEqual([...pending.map((r) => r.createTime)].sort());
  });

  it('limits submits per mobile (5 in 24 hours) with a clear message, whatever the address', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 5; i += 1) expect((await submit({ mobile })).body.code).toBe(200);
    const before = await countRows(up().db, 'consult');
    const limited = await submit({ mobile });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^该手机号 24 小时内已提交 5 条咨询，请 \d+ 分钟后再试$/);
    const en = await submit({ mobile }, freshIp(), 'en');
    expect(en.body.message).toMatch(/^This mobile number has sent 5 consultations in 24 hours; please try again in \d+ minutes$/);
    expect(await countRows(up().db, 'consult')).toBe(before);
    up().clock.advance(24 * 3_600_000 + 1000);
    expect((await submit({ mobile })).body.code).toBe(200);
  });

  it('limits submits per address (20 an hour), counting an IPv6 network as one', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await submit({}, ip)).body.code).toBe(200);
    const limited = await submit({}, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^您所在网络提交咨询过于频繁（每小时 20 条），请 \d+ 分钟后再试$/);
    expect((await submit({}, freshIp())).body.code).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await submit({}, `2001:db8:1:2::${i + 1}`)).body.code).toBe(200);
    expect((await submit({}, '2001:db8:1:2:ffff::9')).status).toBe(429);
    up().clock.advance(3_600_000 + 1000);
    expect((await submit({}, ip)).body.code).toBe(200);
  });

  it('answers a retried submit (same client key) with the first one, adding nothing', async () => {
    const mobile = freshMobile();
    const first = await submit({ mobile, clientKey: 'consult-key-0001' });
    const before = await countRows(up().db, 'consult');
    const again = await submit({ mobile, clientKey: 'consult-key-0001' });
    expect(again.body.data).toEqual(first.body.data);
    expect(await countRows(up().db, 'consult')).toBe(before);
    expect((await submit({ clientKey: 'consult-key-0001' })).status).toBe(409);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await countRows(up().db, 'consult');
    expectFields(await submit({ name: ' ', mobile: '12345', category: 'X', content: '' }), {
      name: 'validation.contentNameRequired', mobile: 'validation.mobileFormat', category: 'validation.contentCategory', content: 'validation.contentContentRequired',
    });
    expectFields(await submit({ content: 'x'.repeat(1001) }), { content: 'validation.tooLong' });
    expectFields(await submit({ content: 'a\u0000b' }), { content: 'validation.controlChar' });
    const en = await submit({ name: '' }, freshIp(), 'en');
    expect(en.status).toBe(422);
    expect(await countRows(up().db, 'consult')).toBe(before);
    const { id } = (await submit({})).body.data;
    expectFields(await up().call('businssConsult/answer', { id, version: 1, answer: '   ' }, { token: tokens.admin }), { answer: 'validation.contentAnswerRequired' });
  });

  it('refuses the staff calls without the page or button, and without a session', async () => {
    for (const [path, input] of [['businssConsult/getList', {}], ['businssConsult/answer', { id: 1, version: 1, answer: 'a' }], ['businssConsult/close', { id: 1, version: 1 }]] as const) {
      expect((await up().call(path, input, { token: tokens.renshe })).status, path).toBe(403);
      expect((await up().call(path, input)).status, path).toBe(401);
    }
  });
});
