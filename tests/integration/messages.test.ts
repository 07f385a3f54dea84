import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createUser, expectFields } from './helpers';
import type { MessageItem } from '../../lib/contract/messages';
import type { Page } from '../../lib/contract/common';

const TOTAL = 13;
const BASE = Date.UTC(2024, 0, 1, 8, 0, 0);

describeUpstream('businessMessage', (up) => {
  let token: string;
  let ids: number[];
  let adminMessageId: number;
  const call = <T>(action: string, body: object = {}) => up().call<T>(`businessMessage/${action}`, body, { token });
  const count = async () => (await call<number>('count')).body.data;

  beforeAll(async () => {
    const userId = await createUser(up().db, { username: 'reader', password: 'reader123' });
    // Message i was created i minutes after BASE; the first one is already read.
    const rows = await up().db.insertInto('message').values(Array.from({ length: TOTAL }, (_, i) => ({
      user_id: userId, content: `消息 ${i}`, menu_url: i % 2 ? '/bank/bank-first' : null,
      has_read: i === 0 ? 1 : 0, created_at: new Date(BASE + i * 60_000), read_at: i === 0 ? new Date(BASE) : null,
    }))).returning('id').execute();
    ids = rows.map((r) => r.id);
    adminMessageId = (await up().db.selectFrom('message as m').innerJoin('app_user as u', 'u.id', 'm.user_id')
      .select('m.id').where('u.username', '=', 'admin').executeTakeFirstOrThrow()).id;
    token = await up().login('reader', 'reader123');
  });

  it('needs a signed-in user', async () => {
    for (const action of ['count', 'list', 'get', 'read']) {
      expect((await up().call(`businessMessage/${action}`, { id: ids[1] })).status).toBe(401);
    }
  });

  it('counts the unread messages of the caller only', async () => {
    const { status, body } = await call<number>('count');
    expect(status).toBe(200);
    expect(body.data).toBe(TOTAL - 1);
    // The demo admin has its two seeded messages, none of the caller's.
    const admin = await up().call('businessMessage/count', {}, { token: await up().login('admin') });
    expect(admin.body.data).toBe(2);
  });

  it('lists newest first, ten to a page, with total and totalPage', async () => {
    const first = await call<Page<MessageItem>>('list', { pageNum: 1, pageSize: 10 });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(TOTAL);
    expect(first.body.data.totalPage).toBe(2);
    expect(first.body.data.list.map((m) => m.msgDetails)).toEqual(Array.from({ length: 10 }, (_, i) => `消息 ${TOTAL - 1 - i}`));
    expect(first.body.data.list[0]).toEqual({
      id: ids[TOTAL - 1], msgDetails: `消息 ${TOTAL - 1}`, createTime: new Date(BASE + (TOTAL - 1) * 60_000).toISOString(), hasRead: 0, menuUrl: null,
    });
    const second = await call<Page<MessageItem>>('list', { pageNum: 2, pageSize: 10 });
    expect(second.body.data.list.map((m) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(second.body.data.list.at(-1)).toMatchObject({ hasRead: 1, menuUrl: null });
    expect(second.body.data.list[1]).toMatchObject({ menuUrl: '/bank/bank-first' });
  });

  it('uses page 1 of 10 by default and supports the other page sizes', async () => {
    const { body } = await call<Page<MessageItem>>('list');
    expect(body.data.list).toHaveLength(10);
    const fives = await call<Page<MessageItem>>('list', { pageNum: 3, pageSize: 5 });
    expect(fives.body.data).toMatchObject({ total: TOTAL, totalPage: 3 });
    expect(fives.body.data.list).toHaveLength(3);
    const beyond = await call<Page<MessageItem>>('list', { pageNum: 9, pageSize: 10 });
    expect(beyond.body.data).toEqual({ list: [], total: TOTAL, totalPage: 2 });
  });

  it('filters by read state', async () => {
    expect((await call<Page<MessageItem>>('list', { hasRead: 1 })).body.data.total).toBe(1);
    expect((await call<Page<MessageItem>>('list', { hasRead: 0 })).body.data.total).toBe(TOTAL - 1);
  });

  it('refuses a page size outside 5, 10, 20, 30 and a page number below 1', async () => {
    expectFields(await call('list', { pageNum: 1, pageSize: 7 }), { pageSize: 'validation.pageSize' });
    expect((await call('list', { pageNum: 0, pageSize: 10 })).status).toBe(422);
  });

  it('gets one own message', async () => {
    const { status, body } = await call<MessageItem>('get', { id: ids[3] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: ids[3], msgDetails: '消息 3', hasRead: 0, menuUrl: '/bank/bank-first' });
  });

  it('answers 404 for a message of another user or one that does not exist', async () => {
    for (const id of [adminMessageId, 999_999]) {
      const { status, body } = await call('get', { id });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, message: '记录不存在', data: null });
    }
    expectFields(await call('get', { id: 'abc' }), { id: 'validation.id' });
    expectFields(await call('get', {}), { id: 'validation.id' });
  });

  it('marks a message read, and the unread count drops by one', async () => {
    const before = await count();
    const { status, body } = await call<MessageItem>('read', { id: ids[5] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: ids[5], hasRead: 1 });
    expect(await count()).toBe(before - 1);
    expect((await call<MessageItem>('get', { id: ids[5] })).body.data.hasRead).toBe(1);
  });

  it('reading again changes nothing', async () => {
    const readAt = async () => (await up().db.selectFrom('message').select('read_at').where('id', '=', ids[5]!).executeTakeFirstOrThrow()).read_at;
    const before = { count: await count(), readAt: await readAt() };
    up().clock.advance(60_000);
    const { status, body } = await call<MessageItem>('read', { id: ids[5] });
    expect(status).toBe(200);
    expect(body.data.hasRead).toBe(1);
    expect(await count()).toBe(before.count);
    expect(await readAt()).toEqual(before.readAt);
  });

  it('cannot mark another user message read', async () => {
    expect((await call('read', { id: adminMessageId })).status).toBe(404);
    const row = await up().db.selectFrom('message').select('has_read').where('id', '=', adminMessageId).executeTakeFirstOrThrow();
    expect(row.has_read).toBe(0);
  });
});

describeUpstream('businessMessage/readAll', (up) => {
  it("marks every unread message of the caller read and no one else's", async () => {
    const bank = await up().login('bank');
    const renshe = await up().login('renshe');
    const before = (await up().call('businessMessage/count', {}, { token: renshe })).body.data;
    const { body } = await up().call('businessMessage/readAll', {}, { token: bank });
    expect(body.data).toEqual({ updated: 2 });
    expect((await up().call('businessMessage/count', {}, { token: bank })).body.data).toBe(0);
    expect((await up().call('businessMessage/count', {}, { token: renshe })).body.data).toBe(before);
    expect((await up().call('businessMessage/readAll', {}, { token: bank })).body.data).toEqual({ updated: 0 });
  });
});
