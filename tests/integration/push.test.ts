import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields } from './helpers';
import { createCase, key } from './workflow-fixtures';
import { Receiver, TEST_PUSH } from './push-fixtures';
import { startPushWorker, outboxBacklog, type PushWorker } from '../../upstream/modules/push/worker';
import { enqueueEvent } from '../../upstream/modules/push/enqueue';
import { defaultOptions } from '../../upstream/options';
import { setLogSink } from '../../lib/http/log';
import { metricsText } from '../../lib/http/metrics';

const SECRET = 'test-secret-0123456789abcdef';

describeUpstream('data push', (up) => {
  const tokens: Record<string, string> = {};
  const receiver = new Receiver(SECRET);
  const workers: PushWorker[] = [];
  const worker = (push = TEST_PUSH) => {
    const made = startPushWorker(up().db, { push, supervision: defaultOptions.supervision, now: up().clock.now, daily: false }, false);
    workers.push(made);
    return made;
  };
  const admin = (path: string, body: object = {}) => up().call(path, body, { token: tokens.admin });
  const outbox = (id: number) => up().db.selectFrom('push_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rowsOf = (targetId: number) => up().db.selectFrom('push_outbox').selectAll().where('target_id', '=', targetId).orderBy('id').execute();
  /** Lets the backoff pass: the worker's clock moves past every scheduled retry. */
  const later = () => up().clock.advance(TEST_PUSH.backoffMaxMs + 5);

  async function addTarget(events: string[] = ['APPROVED', 'LOANED', 'NOT_ISSUED', 'REFUSED'], url = receiver.url) {
    const res = await admin('pushTarget/add', { name: `接收方${Math.random().toString(36).slice(2, 8)}`, url, secret: SECRET, events });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { id: number; name: string; version: number; secretHint: string };
  }

  async function refuseCase() {
    const app = await createCase(up().db);
    const reasons = await up().call('staterefuseconfig/options', { stage: 'RS_FIRST' }, { token: tokens.renshe });
    const res = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: reasons.body.data[0].id, opinion: '不符合条件' }, { token: tokens.renshe });
    expect(res.body.code, res.body.message).toBe(200);
    return app;
  }

  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'bank3']) tokens[name] = await up().login(name);
    await receiver.up();
  });
  // Every test starts with no live target and no row waiting: what it counts is its own.
  beforeEach(async () => {
    receiver.mode = { code: 200, body: '{"ok":true}' };
    receiver.received = [];
    await up().db.updateTable('push_target').set({ state: 'DISABLED' }).execute();
    await up().db.updateTable('push_outbox').set({ status: 'DEAD' }).where('status', '<>', 'DELIVERED').execute();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.down();
  });

  it('keeps a target\'s secret: answered and audited only by its last four characters', async () => {
    const target = await addTarget(['REFUSED']);
    expect(target.secretHint).toBe('••••cdef');
    const list = await admin('pushTarget/list', { pageSize: 30 });
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const audits = await up().db.selectFrom('audit_log').select('summary').where('target_type', '=', 'pushTarget').execute();
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    // A blank secret keeps the stored one.
    const changed = await admin('pushTarget/update', { id: target.id, version: target.version, name: '银行核心系统', url: receiver.url, secret: '', events: ['REFUSED', 'LOANED'] });
    expect(changed.body.data).toMatchObject({ name: '银行核心系统', secretHint: '••••cdef', events: ['REFUSED', 'LOANED'] });
    expect((await up().db.selectFrom('push_target').select('secret').where('id', '=', target.id).executeTakeFirstOrThrow()).secret).toBe(SECRET);
    expect((await admin('pushTarget/update', { id: target.id, version: target.version, name: 'x', url: receiver.url, events: ['REFUSED'] })).status).toBe(409);
  });

  it('refuses bad targets by field, and people without the page', async () => {
    expectFields(await admin('pushTarget/add', { name: '', url: 'ftp://example.org', secret: 'short', events: [] }),
      { name: 'validation.pushTargetName', url: 'validation.pushUrl', secret: 'validation.pushSecret', events: 'validation.pushEvents' });
    expectFields(await admin('pushTarget/add', { name: 'a', url: 'http://user:pw@example.org/', secret: SECRET, events: ['PAID'] }),
      { url: 'validation.pushUrl', 'events.0': 'validation.pushEvent' });
    const first = await addTarget(['REFUSED']);
    expectFields(await admin('pushTarget/add', { name: first.name.toUpperCase(), url: receiver.url, secret: SECRET, events: ['REFUSED'] }), { name: 'validation.pushTargetTaken' });
    expectFields(await admin('businessDataSyncLog/batchPush', {}), { ids: 'validation.pushSelection' });
    for (const [path, body] of [['pushTarget/list', {}], ['pushTarget/add', { name: 'n', url: receiver.url, secret: SECRET, events: ['REFUSED'] }],
      ['businessDataSyncLog/list', {}], ['businessDataSyncLog/push', { id: 1 }], ['businessDataSyncLog/batchPush', { allFailed: true }],
      ['businessDataSyncLog/payload', { id: 1 }], ['renshePushLog/list', {}], ['renshePushLog/rerun', { id: 1, version: 1 }]] as const) {
      expect((await up().call(path, body, { token: tokens.renshe })).status, path).toBe(403);
    }
  });

  it('writes the event with the action, and delivers it once with a valid signature', async () => {
    const target = await addTarget(['REFUSED']);
    const app = await refuseCase();
    const [row] = await rowsOf(target.id);
    expect(row).toMatchObject({ kind: 'EVENT', event: 'REFUSED', application_id: app.id, status: 'PENDING', attempts: 0 });
    expect(await outboxBacklog(up().db)).toBe(1);

    const w = worker();
    const lines: Record<string, unknown>[] = [];
    const restore = setLogSink((line) => { lines.push(JSON.parse(line)); });
    const counted = async () => Number(/lbo_push_deliveries_total\{target="(\d+)",outcome="delivered"\} (\d+)/.exec((await metricsText()).text.split('\n')
      .find((l) => l.startsWith(`lbo_push_deliveries_total{target="${target.id}",outcome="delivered"}`)) ?? '')?.[2] ?? 0);
    const before = await counted();
    expect(await w.runOnce().finally(restore)).toBe(1);
    // One line and one count per delivery, naming the target and the process that delivered it.
    expect(lines.find((l) => l.msg === 'push delivered')).toMatchObject({ level: 'info', outboxId: row!.id, target: String(target.id), event: 'REFUSED', outcome: 'delivered', pid: process.pid });
    expect(await counted()).toBe(before + 1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got).toMatchObject({ key: row!.idempotency_key, event: 'REFUSED', valid: true, body: row!.payload });
    expect(JSON.parse(got.body)).toMatchObject({ id: row!.idempotency_key, event: 'REFUSED', application: { number: app.number, status: 'REFUSED' } });
    expect(got.body).not.toContain('110101199003074514');
    expect(await outbox(row!.id)).toMatchObject({ status: 'DELIVERED', attempts: 1, last_http_code: 200, last_error: null });
    expect(await w.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    const log = await admin('businessDataSyncLog/list', { applicationNumber: app.number, event: 'REFUSED', targetId: target.id, status: 'DELIVERED' });
    expect(log.body.data.list).toEqual([expect.objectContaining({ id: row!.id, applicationNumber: app.number, attempts: 1, lastHttpCode: 200, nextAttemptTime: null })]);
    const payload = await admin('businessDataSyncLog/payload', { id: row!.id });
    expect(payload.body.data).toEqual({ id: row!.id, idempotencyKey: row!.idempotency_key, payload: row!.payload });
    // A target with deliveries is kept (disabled), not deleted.
    expect((await admin('pushTarget/del', { id: target.id, version: target.version })).status).toBe(409);
  });

  it('writes approved and loaned events for subscribed targets only, and nothing when the action fails', async () => {
    const approvedOnly = await addTarget(['APPROVED']);
    const loanedOnly = await addTarget(['LOANED']);
    const app = await createCase(up().db, { stage: 'BANK_TRANSFER', assignee: 'bank3' });
    const stale = await up().call('businessClubFirstTrial/check', { id: app.id, version: app.version + 5, key: key(), opinion: '同意' }, { token: tokens.bank3 });
    expect(stale.status).toBe(409);
    expect(await rowsOf(approvedOnly.id)).toHaveLength(0);
    const approved = await up().call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '同意' }, { token: tokens.bank3 });
    expect(approved.body.data.application.status).toBe('APPROVED');
    expect((await rowsOf(approvedOnly.id)).map((r) => r.event)).toEqual(['APPROVED']);
    expect(await rowsOf(loanedOnly.id)).toHaveLength(0);
    const issued = await up().call('businessClubFirstTrial/bankState', { id: app.id, version: app.version + 1, key: key(), issued: true, loanAmount: 180000, loanDate: '2026-11-20' }, { token: tokens.bank3 });
    expect(issued.body.data.application.status).toBe('LOANED');
    const [loaned] = await rowsOf(loanedOnly.id);
    expect(JSON.parse(loaned!.payload).application).toMatchObject({ number: app.number, status: 'LOANED', loanAmount: 180000, loanDate: '2026-11-20' });

    // The bank's repayment report on the issued loan is an event of its own, with what it reported.
    const repaymentOnly = await addTarget(['REPAYMENT']);
    const reported = await up().call('businessClubFirstTrial/bankState', { id: app.id, version: app.version + 2, key: key(), issued: true, repayment: 'OVERDUE', overdueDays: 45 }, { token: tokens.bank3 });
    expect(reported.status).toBe(200);
    const [repayment] = await rowsOf(repaymentOnly.id);
    expect(repayment!.event).toBe('REPAYMENT');
    expect(JSON.parse(repayment!.payload).application).toMatchObject({ number: app.number, status: 'LOANED', repayment: { state: 'OVERDUE', overdueDays: 45 } });
    expect(await rowsOf(loanedOnly.id)).toHaveLength(1);
  });

  it('rolls the action back when its event row cannot be written, and the row back with its transaction', async () => {
    const target = await addTarget(['REFUSED']);
    await sql`create or replace function push_outbox_refuse() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`.execute(up().db);
    await sql`create trigger push_outbox_refuse before insert on push_outbox for each row execute function push_outbox_refuse()`.execute(up().db);
    const app = await createCase(up().db);
    try {
      const reasons = await up().call('staterefuseconfig/options', { stage: 'RS_FIRST' }, { token: tokens.renshe });
      const res = await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: reasons.body.data[0].id }, { token: tokens.renshe });
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger push_outbox_refuse on push_outbox`.execute(up().db);
    }
    const after = await up().db.selectFrom('application').select(['status', 'version']).where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'IN_REVIEW', version: app.version });
    expect(await up().db.selectFrom('approval_record').select('id').where('application_id', '=', app.id).where('action', '=', 'REFUSE').execute()).toHaveLength(0);

    await expect(up().db.transaction().execute(async (trx) => {
      expect(await enqueueEvent(trx, app.id, 'REFUSED', new Date(), TEST_PUSH)).toBe(1);
      throw new Error('the action failed');
    })).rejects.toThrow('the action failed');
    expect(await rowsOf(target.id)).toHaveLength(0);
  });

  it('retries while the receiver is down and delivers once it is up', async () => {
    const target = await addTarget(['REFUSED']);
    await refuseCase();
    const [row] = await rowsOf(target.id);
    const w = worker();
    await receiver.down();
    try {
      await w.runOnce();
      const failed = await outbox(row!.id);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'NETWORK', last_http_code: null });
      expect(failed.next_attempt_at.getTime()).toBeGreaterThan(up().clock.now().getTime());
      // Not due yet: nothing is tried before the backoff passes.
      expect(await w.runOnce()).toBe(0);
    } finally {
      await receiver.up();
    }
    later();
    expect(await w.runOnce()).toBe(1);
    expect(await outbox(row!.id)).toMatchObject({ status: 'DELIVERED', attempts: 2, last_http_code: 200 });
    expect(receiver.counts().get(row!.idempotency_key)).toBe(1);
  });

  it('gives up on a receiver that hangs after the timeout, and tries again later', async () => {
    const target = await addTarget(['REFUSED']);
    await refuseCase();
    const [row] = await rowsOf(target.id);
    receiver.mode = 'hang';
    const w = worker();
    const started = Date.now();
    await w.runOnce();
    expect(Date.now() - started).toBeLessThan(TEST_PUSH.timeoutMs + 2000);
    expect(await outbox(row!.id)).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'TIMEOUT' });
    receiver.mode = { code: 202 };
    later();
    await w.runOnce();
    expect(await outbox(row!.id)).toMatchObject({ status: 'DELIVERED', attempts: 2, last_http_code: 202 });
  });

  it('marks a row DEAD after the attempt limit of 4xx answers; a manual push revives it', async () => {
    const target = await addTarget(['REFUSED']);
    const app = await refuseCase();
    const [row] = await rowsOf(target.id);
    receiver.mode = { code: 400, body: '{"error":"unknown application"}' };
    const w = worker();
    for (let i = 0; i < TEST_PUSH.maxAttempts + 1; i += 1) {
      await w.runOnce();
      later();
    }
    expect(await outbox(row!.id)).toMatchObject({ status: 'DEAD', attempts: 3, last_http_code: 400, last_error: 'HTTP', last_detail: '{"error":"unknown application"}' });
    expect(receiver.received).toHaveLength(3);
    const log = await admin('businessDataSyncLog/list', { applicationNumber: app.number, status: 'DEAD' });
    expect(log.body.data.list[0]).toMatchObject({ status: 'DEAD', attempts: 3, attemptLimit: 3, lastHttpCode: 400, nextAttemptTime: null });

    receiver.mode = { code: 200 };
    expect((await admin('businessDataSyncLog/push', { id: row!.id })).body.data).toEqual({ count: 1 });
    expect(await outbox(row!.id)).toMatchObject({ status: 'PENDING', attempt_limit: 3 + TEST_PUSH.maxAttempts });
    await w.runOnce();
    expect(await outbox(row!.id)).toMatchObject({ status: 'DELIVERED', attempts: 4 });
    expect((await admin('businessDataSyncLog/push', { id: 2_000_000 })).status).toBe(404);
  });

  it('batchPush re-sends the selected rows, or every failed and dead one', async () => {
    const target = await addTarget(['REFUSED']);
    await refuseCase();
    await refuseCase();
    await refuseCase();
    const rows = await rowsOf(target.id);
    await up().db.updateTable('push_outbox').set({ status: 'DEAD', attempts: 3 }).where('id', 'in', rows.map((r) => r.id)).execute();
    expect((await admin('businessDataSyncLog/batchPush', { ids: [rows[0]!.id] })).body.data).toEqual({ count: 1 });
    expect((await outbox(rows[1]!.id)).status).toBe('DEAD');
    expect((await admin('businessDataSyncLog/batchPush', { allFailed: true })).body.data.count).toBeGreaterThanOrEqual(2);
    await worker().runOnce();
    expect((await rowsOf(target.id)).map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
  });

  it('two workers on one database never deliver the same row', async () => {
    const target = await addTarget(['REFUSED']);
    const app = await refuseCase();
    await up().db.transaction().execute(async (trx) => {
      for (let i = 0; i < 29; i += 1) await enqueueEvent(trx, app.id, 'REFUSED', up().clock.now(), TEST_PUSH);
    });
    const rows = await rowsOf(target.id);
    expect(rows).toHaveLength(30);
    const small = { ...TEST_PUSH, batchSize: 4 };
    const [a, b] = [worker(small), worker(small)];
    for (let round = 0; round < 12; round += 1) await Promise.all([a.runOnce(), b.runOnce()]);
    expect((await rowsOf(target.id)).every((r) => r.status === 'DELIVERED')).toBe(true);
    const counts = receiver.counts();
    expect(rows.map((r) => counts.get(r.idempotency_key))).toEqual(rows.map(() => 1));
    expect(receiver.received).toHaveLength(30);
  });

  it('loses nothing across a restart: a stopped worker\'s rows and a crashed one\'s claimed rows are delivered by the next', async () => {
    const target = await addTarget(['REFUSED']);
    const app = await refuseCase();
    await up().db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i += 1) await enqueueEvent(trx, app.id, 'REFUSED', up().clock.now(), TEST_PUSH);
    });
    receiver.mode = 'hang';
    const first = worker({ ...TEST_PUSH, timeoutMs: 5000 });
    const round = first.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await first.stop(); // SIGTERM: the deliveries in flight are cut short and left to be retried
    await round;
    expect((await rowsOf(target.id)).map((r) => r.status)).toEqual(Array(6).fill('FAILED'));
    // A process that died holding a claim: its lease runs out and the row is taken again.
    const [crashed] = await rowsOf(target.id);
    await up().db.updateTable('push_outbox').set({ status: 'SENDING', lease_until: new Date(up().clock.now().getTime() - 1000) }).where('id', '=', crashed!.id).execute();
    receiver.mode = { code: 200 };
    receiver.received = [];
    const next = worker();
    await next.runOnce();
    const rows = await rowsOf(target.id);
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('DELIVERED'));
    expect(new Set(receiver.received.map((r) => r.key))).toEqual(new Set(rows.map((r) => r.idempotency_key)));
  });
}, { push: TEST_PUSH });
