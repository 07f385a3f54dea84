import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import type { HttpSource } from '../../upstream/integrations/http';
import { signature } from '../../upstream/integrations/http';
import type { SimulatedMode, SourceName } from '../../upstream/integrations/types';
import { describeUpstream } from './harness';
import { expectFields, staffIn } from './helpers';
import { ORGS } from './workflow-fixtures';

let serial = 300;
const newId = (seq = String(++serial).slice(-3)) => {
  const first17 = `430104199201${String(10 + (serial % 18)).padStart(2, '0')}${seq}`;
  return first17 + idCheckDigit(first17);
};

/** The simulated sources' switches and the HTTP providers in use, shared with the service (set per test). */
const modes: Record<SourceName, SimulatedMode> = { insurance: 'ok', credit: 'ok' };
const http: Partial<Record<SourceName, HttpSource>> = {};

/** A real HTTP receiver on 127.0.0.1 standing in for the bureau: answers, fails with 503, or hangs, as told. */
type Behaviour = 'answer' | 'fail' | 'hang';
const receiver = { behaviour: 'answer' as Behaviour, seen: [] as { body: string; valid: boolean }[] };
const SECRET = 'bureau-shared-secret';
let server: Server;
const hanging: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const valid = req.headers['x-signature'] === signature(SECRET, String(req.headers['x-timestamp']), body);
      receiver.seen.push({ body, valid });
      if (receiver.behaviour === 'hang') { hanging.push(() => res.destroy()); return; }
      if (receiver.behaviour === 'fail') { res.writeHead(503).end('busy'); return; }
      res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ insured: true, monthsPaid: 42, employer: '长沙市某科技有限公司', lastMonthPaid: '2026-09' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const end of hanging) end();
  await new Promise((resolve) => server.close(resolve));
});

describeUpstream('outside lookups: GovernmentDataSc/insure and the real-time errors (business-real-time-exception)', (up) => {
  let admin: string;
  let reviewer: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
    for (const [k, name] of Object.entries(ORGS)) orgs[k] = (await up().db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  });
  const call = (path: string, body: unknown, token = admin, locale = 'zh-CN') => up().call(path, body, { token, locale });
  const intake = (idNumber: string) => call('channel/application/submit', {
    clientKey: randomUUID(), borrowerType: 'PERSON',
    proposer: { name: '欧阳晓明', idNumber, mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
    amount: 200000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
    rensheOrgId: orgs.renshe, guaranteeOrgId: orgs.gc1, bankOrgId: orgs.bank1,
  });
  const errorsOf = async (number: string, token = admin, locale = 'zh-CN') =>
    (await call('business-real-time-exception/getList', { pageNum: 1, pageSize: 10, number }, token, locale)).body.data.list as Record<string, any>[];
  const verdict = async (id: number, code: string) =>
    (await up().db.selectFrom('application_check').select('verdict').where('application_id', '=', id).where('code', '=', code).executeTakeFirstOrThrow()).verdict;

  it('a failed lookup at intake is a row of the errors screen; retry while failing counts, retry that answers resolves and re-checks', async () => {
    modes.insurance = 'fail';
    modes.credit = 'hang';
    let app: { id: number; number: string };
    try {
      app = (await intake(newId())).body.data;
    } finally {
      modes.credit = 'ok';
    }
    const rows = await errorsOf(app.number);
    expect(rows.map((r) => r.source).sort()).toEqual(['CREDIT', 'INSURANCE']);
    const credit = rows.find((r) => r.source === 'CREDIT')!;
    const insurance = rows.find((r) => r.source === 'INSURANCE')!;
    expect(credit).toMatchObject({ name: '欧**明', idNumber: expect.stringMatching(/^430\*{11}\d{3}[\dX]$/), interface: 'credit/report', code: 'TIMEOUT', message: '数据源未在规定时间内应答', retries: 0, resolved: false });
    expect(insurance).toMatchObject({ interface: 'GovernmentDataSc/insure', code: 'SIMULATED_FAILURE', message: '模拟数据源被设置为失败' });
    expect((await errorsOf(app.number, admin, 'en')).find((r) => r.source === 'CREDIT')!.message).toBe('The source did not answer in time');
    expect(await verdict(app.id, 'CURRENT_OVERDUE')).toBe('UNCHECKED');

    // The credit source answers now: its error resolves and its indicators are re-checked.
    const retried = await call('business-real-time-exception/retry', { id: credit.id, version: credit.version });
    expect(retried.body.code, retried.body.message).toBe(200);
    expect(retried.body.data).toMatchObject({ resolved: true, retries: 1, resolvedBy: expect.any(String) });
    expect(await verdict(app.id, 'CURRENT_OVERDUE')).toBe('PASSED');
    expect((await call('business-real-time-exception/retry', { id: credit.id, version: retried.body.data.version })).status).toBe(409);

    // The insurance source still fails: the retry is counted, the row stays open.
    const still = await call('business-real-time-exception/retry', { id: insurance.id, version: insurance.version });
    expect(still.body.data).toMatchObject({ resolved: false, retries: 1, code: 'SIMULATED_FAILURE' });
    expect((await call('business-real-time-exception/retry', { id: insurance.id, version: insurance.version })).status).toBe(409);
    modes.insurance = 'ok';
    const fixed = await call('business-real-time-exception/retry', { id: insurance.id, version: still.body.data.version });
    expect(fixed.body.data).toMatchObject({ resolved: true, retries: 2 });
    expect(await verdict(app.id, 'INSURED_MONTHS')).toBe('PASSED');
    const app2 = await up().db.selectFrom('application').select('check_outcome').where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(app2.check_outcome).toBe('PASSED');
    // The insurance record read by the retry is cached on the case.
    const info = await call('GovernmentDataSc/insure', { id: app.id });
    expect(info.body.data).toMatchObject({ record: { insured: true, simulated: true, readAt: expect.any(String) }, failure: null });

    // Searches: by source and resolved; paging checked.
    const open = await call('business-real-time-exception/getList', { pageNum: 1, pageSize: 10, number: app.number, resolved: false });
    expect(open.body.data.total).toBe(0);
    const bySource = await call('business-real-time-exception/getList', { pageNum: 1, pageSize: 10, number: app.number, source: 'CREDIT', resolved: true });
    expect(bySource.body.data.list.map((r: { id: number }) => r.id)).toEqual([credit.id]);
    expectFields(await call('business-real-time-exception/getList', { pageNum: 1, pageSize: 10, source: 'FAX' }), { source: 'validation.invalid' });
    expectFields(await call('business-real-time-exception/retry', { id: 'x', version: 1 }), { id: 'validation.id' });
    expect((await call('business-real-time-exception/retry', { id: 99_999_999, version: 1 })).status).toBe(404);
  });

  it('GovernmentDataSc/insure reads the record once and caches it with its time; a reviewer of the stage refreshes it; others may only read', async () => {
    const app = (await intake(newId())).body.data as { id: number; number: string };
    await up().db.deleteFrom('application_insurance').where('application_id', '=', app.id).execute();
    const first = await call('GovernmentDataSc/insure', { id: app.id }, reviewer);
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ record: { insured: true, monthsPaid: expect.any(Number), employer: expect.any(String), lastMonthPaid: '2026-10', simulated: true }, failure: null, canRefresh: true });
    up().clock.advance(60_000);
    const cached = await call('GovernmentDataSc/insure', { id: app.id }, reviewer);
    expect(cached.body.data.record.readAt).toBe(first.body.data.record.readAt);
    const refreshed = await call('GovernmentDataSc/insure', { id: app.id, refresh: true }, reviewer);
    expect(new Date(refreshed.body.data.record.readAt).getTime()).toBeGreaterThan(new Date(first.body.data.record.readAt).getTime());

    const loanReader = await staffIn(up(), 'insurereader', orgs.renshe!, { pages: ['/admin/home/loan'] });
    const read = await call('GovernmentDataSc/insure', { id: app.id }, loanReader.token);
    expect(read.body.data).toMatchObject({ canRefresh: false, record: { insured: true } });
    expect((await call('GovernmentDataSc/insure', { id: app.id, refresh: true }, loanReader.token)).status).toBe(403);
    const outsider = await staffIn(up(), 'insureoutsider', null, { pages: ['/admin/setting/report'] });
    expect((await call('GovernmentDataSc/insure', { id: app.id }, outsider.token)).status).toBe(403);
    expect((await call('GovernmentDataSc/insure', { id: 99_999_999 })).status).toBe(404);
    expectFields(await call('GovernmentDataSc/insure', { id: app.id, refresh: 'maybe' }), { refresh: 'validation.invalid' });
    expect((await call('business-real-time-exception/getList', { pageNum: 1, pageSize: 10 }, reviewer)).status).toBe(403);
    expect((await call('business-real-time-exception/retry', { id: 1, version: 1 }, reviewer)).status).toBe(403);
  });

  it('the HTTP provider: a signed request, the answer cached as not simulated; a 5xx and a hang are errors, then a retry resolves', async () => {
    http.insurance = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/insure`, secret: SECRET, timeoutMs: 400 };
    try {
      const idNumber = newId();
      const app = (await intake(idNumber)).body.data as { id: number; number: string };
      expect(receiver.seen.at(-1)).toEqual({ body: JSON.stringify({ idNumber }), valid: true });
      const info = await call('GovernmentDataSc/insure', { id: app.id });
      expect(info.body.data.record).toMatchObject({ insured: true, monthsPaid: 42, employer: '长沙市某科技有限公司', lastMonthPaid: '2026-09', simulated: false });

      receiver.behaviour = 'fail';
      const failed = await call('GovernmentDataSc/insure', { id: app.id, refresh: true });
      expect(failed.body.data.failure).toEqual({ code: 'HTTP_503', message: '数据源返回 HTTP 503' });
      expect(failed.body.data.record).toMatchObject({ monthsPaid: 42 });

      receiver.behaviour = 'hang';
      const started = Date.now();
      const hung = await call('GovernmentDataSc/insure', { id: app.id, refresh: true });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(hung.body.data.failure.code).toBe('TIMEOUT');
      const [row] = (await errorsOf(app.number)).filter((r) => r.source === 'INSURANCE');
      expect(row).toMatchObject({ code: 'TIMEOUT', retries: 1, resolved: false });

      receiver.behaviour = 'answer';
      const retried = await call('business-real-time-exception/retry', { id: row!.id, version: row!.version });
      expect(retried.body.data).toMatchObject({ resolved: true, retries: 2 });
    } finally {
      receiver.behaviour = 'answer';
      delete http.insurance;
    }
  });
}, { simulatedSources: modes, sourceTimeoutMs: 300, httpSources: http });
