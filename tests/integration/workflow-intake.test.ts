import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { describeUpstream } from './harness';
import { countRows, expectFields, newIdNumber, userId } from './helpers';
import { ORGS } from './workflow-fixtures';

const idOf = (first17: string) => first17 + idCheckDigit(first17);
const wrongCheckDigit = (id: string) => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');

describeUpstream('workflow intake (channel/application/submit)', (up) => {
  let admin: string;
  let renshe: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    renshe = await up().login('renshe');
    for (const [k, name] of Object.entries(ORGS)) {
      orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  const payload = (over: Record<string, unknown> = {}) => ({
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: '周晓明', idNumber: newIdNumber(), mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    spouse: { name: '李芳', idNumber: newIdNumber(1992), mobile: '13712345679', gender: 'FEMALE' },
    amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1, ...over,
  });
  const submit = (body: object, token = admin) => up().call('channel/application/submit', body, { token });

  it('puts a valid application at renshe first review with a person there, once per client key', async () => {
    const body = payload();
    const first = await submit(body);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'IN_REVIEW', whitelisted: false });
    const again = await submit(body);
    expect(again.body.data).toEqual(first.body.data);
    const app = await up().db.selectFrom('application').select(['stage', 'assignee_id', 'deadline']).where('id', '=', first.body.data.id).executeTakeFirstOrThrow();
    expect(app.stage).toBe('RS_FIRST');
    expect([await userId(up().db, 'renshe'), await userId(up().db, 'renshe2'), await userId(up().db, 'renshe3')]).toContain(app.assignee_id);
    expect(app.deadline).not.toBeNull();
    expect(await up().db.selectFrom('application_person').select('role').where('application_id', '=', first.body.data.id).execute()).toEqual([{ role: 'SPOUSE' }]);
  });

  it('numbers an application entered before 08:00 China time with that China day, not the UTC date (yesterday)', async () => {
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const at = new Date(`${tomorrow}T07:30:00+08:00`);
    up().clock.advance(at.getTime() - up().clock.now().getTime());
    try {
      const res = await submit(payload(), await up().login('admin'));
      expect(res.body.code, res.body.message).toBe(200);
      const { number } = await up().db.selectFrom('application').select('number').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      expect(number.slice(0, 10)).toBe(`SQ${tomorrow.replaceAll('-', '')}`);
    } finally {
      up().clock.advance(Date.now() - up().clock.now().getTime());
    }
  });

  it('refuses a blacklisted proposer or spouse with the reason, and marks whitelisted proposers', async () => {
    const banned = idOf('43010219850101123');
    await up().db.insertInto('blacklist').values({ name: '王五', id_number: banned, reason: '逾期未还款' }).execute();
    const before = await countRows(up().db, 'application');
    const res = await submit(payload({ spouse: { name: '王五', idNumber: banned, mobile: '13700000000', gender: 'MALE' } }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('王五 在黑名单中，不能申请：逾期未还款');
    expect(await countRows(up().db, 'application')).toBe(before);
    const trusted = idOf('43010219800101223');
    await up().db.insertInto('whitelist').values({ name: '赵六', id_number: trusted }).execute();
    const ok = await submit(payload({ proposer: { ...payload().proposer, name: '赵六', idNumber: trusted } }));
    expect(ok.body.data.whitelisted).toBe(true);
  });

  it('bad input is 422 with field messages and changes nothing', async () => {
    const before = await countRows(up().db, 'application');
    expectFields(await submit(payload({ termMonths: 0 })), { termMonths: 'validation.term' });
    expectFields(await submit(payload({ guaranteeMethod: 'HOUSE' })), { house: 'validation.houseRequired' });
    expectFields(await submit(payload({ proposer: { ...payload().proposer, idNumber: wrongCheckDigit(idOf('43010219900307451')) } })), { 'proposer.idNumber': 'validation.idNumber' });
    expectFields(await submit(payload({ bankOrgId: orgs.gc1 })), { bankOrgId: 'validation.orgType' });
    expect(await countRows(up().db, 'application')).toBe(before);
  });

  it('needs the intake permission', async () => {
    expect((await submit(payload(), renshe)).status).toBe(403);
    expect((await up().call('channel/application/submit', payload())).status).toBe(401);
  });
});
