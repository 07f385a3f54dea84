import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createCase, key } from './workflow-fixtures';
import { Receiver, TEST_PUSH } from './push-fixtures';
import { startPushWorker, type PushWorker } from '../../upstream/modules/push/worker';
import { ensureDailyBatch, previousChinaDay } from '../../upstream/modules/push/supervision';
import type { SupervisionSettings } from '../../upstream/options';
import { chinaToday } from '../../upstream/core/china-time';

const SECRET = 'platform-secret-0123456789';
const SIMULATED: SupervisionSettings = { url: null, secret: null, timeoutMs: 500, simulated: 'ok' };

describeUpstream('supervision sync', (up) => {
  const tokens: Record<string, string> = {};
  const receiver = new Receiver(SECRET);
  const workers: PushWorker[] = [];
  const worker = (supervision: SupervisionSettings = SIMULATED, daily = false) => {
    const made = startPushWorker(up().db, { push: TEST_PUSH, supervision, now: up().clock.now, daily }, false);
    workers.push(made);
    return made;
  };
  const admin = (path: string, body: object = {}) => up().call(path, body, { token: tokens.admin });
  const batchOf = (day: string) => up().db.selectFrom('supervision_batch').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
  const rowOf = async (day: string) => (await admin('renshePushLog/list', { dateFrom: day, dateTo: day })).body.data.list[0];
  const later = () => up().clock.advance(TEST_PUSH.backoffMaxMs + 5);

  beforeAll(async () => {
    for (const name of ['admin', 'renshe']) tokens[name] = await up().login(name);
    await receiver.up();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.down();
  });

  it('makes one batch per day however many processes try, and sends the day\'s decisions to the simulated platform', async () => {
    const app = await createCase(up().db);
    const reasons = await up().call('staterefuseconfig/options', { stage: 'RS_FIRST' }, { token: tokens.renshe });
    await up().call('businessClubFirstTrial/refuse', { id: app.id, version: app.version, key: key(), reasonId: reasons.body.data[0].id }, { token: tokens.renshe });
    const today = chinaToday(new Date());
    const made = await Promise.all([1, 2, 3].map(() => ensureDailyBatch(up().db, today, up().clock.now(), TEST_PUSH)));
    expect(made.filter(Boolean)).toHaveLength(1);
    const batch = await batchOf(today);
    const rows = await up().db.selectFrom('push_outbox').selectAll().where('batch_id', '=', batch.id).execute();
    expect(rows).toHaveLength(1);
    const body = JSON.parse(rows[0]!.payload);
    expect(body).toMatchObject({ kind: 'SUPERVISION', day: today, count: batch.count });
    expect(body.decisions).toContainEqual(expect.objectContaining({ number: app.number, stage: 'RS_FIRST', decision: 'REFUSE', status: 'REFUSED' }));

    await worker().runOnce();
    expect(await rowOf(today)).toMatchObject({ day: today, count: batch.count, succeeded: batch.count, failed: 0, status: 'SUCCEEDED', simulated: true, answer: null, attempts: 1 });
    expect((await admin('renshePushLog/rerun', { id: batch.id, version: (await batchOf(today)).version })).status).toBe(409);
  });

  it('the daily run makes the previous China day\'s batch once, from two workers at once', async () => {
    const day = previousChinaDay(up().clock.now());
    await Promise.all([worker(SIMULATED, true).runOnce(), worker(SIMULATED, true).runOnce()]);
    const batches = await up().db.selectFrom('supervision_batch').select('id').where('day', '=', day).execute();
    expect(batches).toHaveLength(1);
    expect((await batchOf(day)).status).toBe('SUCCEEDED');
  });

  it('a batch the platform keeps failing is FAILED after the attempt limit, and a re-run sends it again', async () => {
    const day = '2026-01-05';
    await ensureDailyBatch(up().db, day, up().clock.now(), TEST_PUSH);
    const failing = worker({ ...SIMULATED, simulated: 'fail' });
    for (let i = 0; i < TEST_PUSH.maxAttempts; i += 1) {
      await failing.runOnce();
      later();
    }
    const failed = await rowOf(day);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'NETWORK', runs: 1 });
    expect((await admin('renshePushLog/rerun', { id: failed.id, version: failed.version + 1 })).status).toBe(409);
    const rerun = await admin('renshePushLog/rerun', { id: failed.id, version: failed.version });
    expect(rerun.body.data).toMatchObject({ status: 'PENDING', runs: 2 });
    await worker().runOnce();
    expect(await rowOf(day)).toMatchObject({ status: 'SUCCEEDED', attempts: 4, simulated: true });
  });

  it('a hanging platform times out and is tried again', async () => {
    const day = '2026-01-06';
    await ensureDailyBatch(up().db, day, up().clock.now(), TEST_PUSH);
    await worker({ ...SIMULATED, simulated: 'hang', timeoutMs: 200 }).runOnce();
    expect(await rowOf(day)).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'TIMEOUT' });
    later();
    await worker().runOnce();
    expect((await rowOf(day)).status).toBe('SUCCEEDED');
  });

  it('the HTTP provider posts the signed batch and keeps the platform\'s answer', async () => {
    const day = '2026-01-07';
    await ensureDailyBatch(up().db, day, up().clock.now(), TEST_PUSH);
    receiver.mode = { code: 200, body: JSON.stringify({ accepted: 0, rejected: 0, message: '已接收' }) };
    await worker({ url: receiver.url, secret: SECRET, timeoutMs: 2000, simulated: 'ok' }).runOnce();
    expect(receiver.received.at(-1)).toMatchObject({ event: 'SUPERVISION', valid: true });
    expect(await rowOf(day)).toMatchObject({ status: 'SUCCEEDED', simulated: false, answer: '已接收', lastHttpCode: 200 });

    const odd = '2026-01-08';
    await ensureDailyBatch(up().db, odd, up().clock.now(), TEST_PUSH);
    receiver.mode = { code: 200, body: 'OK' };
    await worker({ url: receiver.url, secret: SECRET, timeoutMs: 2000, simulated: 'ok' }).runOnce();
    expect(await rowOf(odd)).toMatchObject({ status: 'PENDING', lastError: 'ANSWER' });
  });

  it('refuses bad searches by field', async () => {
    const res = await admin('renshePushLog/list', { dateFrom: '2026-02-10', dateTo: '2026-02-01' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ fields: { dateTo: 'validation.dateOrder' } });
    expect((await admin('renshePushLog/list', { status: 'DONE' })).body.data).toEqual({ fields: { status: 'validation.batchStatus' } });
  });
});
