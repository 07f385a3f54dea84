import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../lib/contract/common';
import type { MessageItem } from '../../lib/contract/messages';
import { describeUpstream } from './harness';
import { userId } from './helpers';
import { createCase, key } from './workflow-fixtures';

describeUpstream('texts stored for people read in the reader\'s language', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['renshe', 'renshe2', 'admin'] as const) tokens[name] = await up().login(name);
  });
  /** The caller's messages as the service answers them in a language (the BFF sends the UI's language as Accept-Language). */
  const messages = async (who: string, locale: string) =>
    (await up().call<Page<MessageItem>>('businessMessage/list', { pageNum: 1, pageSize: 30 }, { token: tokens[who], locale })).body.data.list;

  it('a message an approval writes reads in Chinese for a Chinese reader and in English for an English one', async () => {
    const app = await createCase(up().db);
    const res = await up().call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: await userId(up().db, 'renshe2') }, { token: tokens.renshe, locale: 'en' });
    expect(res.body.code, res.body.message).toBe(200);
    const stored = await up().db.selectFrom('message').select(['id', 'content', 'text_key']).where('user_id', '=', await userId(up().db, 'renshe2'))
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Stored as a key, not in the language of whoever acted.
    expect(stored).toMatchObject({ content: '', text_key: 'workflow.assigned' });

    const zh = (await messages('renshe2', 'zh-CN')).find((m) => m.id === stored.id)!;
    const en = (await messages('renshe2', 'en')).find((m) => m.id === stored.id)!;
    expect(zh.msgDetails).toBe(`贷款申请 ${app.number} 等待您人社复审`);
    expect(en.msgDetails).toBe(`Loan application ${app.number} is waiting for your renshe second review`);
    const one = await up().call<MessageItem>('businessMessage/get', { id: stored.id }, { token: tokens.renshe2, locale: 'en' });
    expect(one.body.data.msgDetails).toBe(en.msgDetails);
  });

  it('the seeded messages read in both languages', async () => {
    const zh = (await messages('admin', 'zh-CN')).map((m) => m.msgDetails);
    const en = (await messages('admin', 'en')).map((m) => m.msgDetails);
    expect(zh).toEqual(expect.arrayContaining(['欢迎使用创业担保贷款管理平台，系统管理员。', '有 1 个新注册账户等待分配角色']));
    expect(en).toEqual(expect.arrayContaining(['Welcome to the start-up guarantee loan platform, 系统管理员.', '1 newly registered account waiting for roles']));
  });

  it('a text written before keys were kept still reads as it was', async () => {
    const id = await userId(up().db, 'renshe');
    const row = await up().db.insertInto('message').values({ user_id: id, content: '旧消息', menu_url: null }).returning('id').executeTakeFirstOrThrow();
    expect((await messages('renshe', 'en')).find((m) => m.id === row.id)!.msgDetails).toBe('旧消息');
  });
});
