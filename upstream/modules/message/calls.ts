import { defineCall } from '../../core/call';
import { notFound } from '../../core/errors';
import type { Page } from '../../../lib/contract/common';
import type { MessageItem } from '../../../lib/contract/messages';
import type { Translate } from '../../core/i18n';
import { readStoredText } from '../../core/stored-text';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db';

const columns = ['id', 'content', 'text_key', 'text_params', 'created_at as createTime', 'has_read as hasRead', 'menu_url as menuUrl'] as const;
/** A message as its reader sees it: the text in the reader's language. */
const toItem = (t: Translate) => (row: { id: number; content: string; text_key: string | null; text_params: unknown; createTime: Date; hasRead: number; menuUrl: string | null }): MessageItem =>
  ({ id: row.id, msgDetails: readStoredText(t, row), createTime: new Date(row.createTime).toISOString(), hasRead: row.hasRead, menuUrl: row.menuUrl });

/** The unread count, polled every 10 seconds by every signed-in page: compiled once (upstream/db/prepared.ts). */
const unread = prepared((db: Db, userId: number) => db.selectFrom('message').select((eb) => eb.fn.countAll<number>().as('n'))
  .where('user_id', '=', userId).where('has_read', '=', 0), -1);

export const messageCalls = [
  defineCall({
    path: 'businessMessage/count',
    async handler(ctx): Promise<number> {
      return Number((await unread(ctx.db, ctx.user.id))?.n ?? 0);
    },
  }),
  defineCall({
    path: 'businessMessage/list',
    async handler(ctx, input): Promise<Page<MessageItem>> {
      let query = ctx.db.selectFrom('message').where('user_id', '=', ctx.user.id);
      if (input.hasRead !== undefined) query = query.where('has_read', input.hasRead ? '=' : '<>', 1);
      const [{ n }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        query.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc')
          .limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      const total = Number(n);
      return { list: rows.map(toItem(ctx.t)), total, totalPage: Math.ceil(total / input.pageSize) };
    },
  }),
  defineCall({
    path: 'businessMessage/get',
    async handler(ctx, input): Promise<MessageItem> {
      const row = await ctx.db.selectFrom('message').select(columns)
        .where('id', '=', input.id).where('user_id', '=', ctx.user.id).executeTakeFirst();
      if (!row) throw notFound('message');
      return toItem(ctx.t)(row);
    },
  }),
  defineCall({
    path: 'businessMessage/read',
    async handler(ctx, input): Promise<MessageItem> {
      const row = await ctx.db.updateTable('message')
        .set((eb) => ({ has_read: 1, read_at: eb.fn.coalesce('read_at', eb.val(ctx.now)) }))
        .where('id', '=', input.id).where('user_id', '=', ctx.user.id)
        .returning(columns).executeTakeFirst();
      if (!row) throw notFound('message');
      return toItem(ctx.t)(row);
    },
  }),
  defineCall({
    path: 'businessMessage/readAll',
    async handler(ctx): Promise<{ updated: number }> {
      const result = await ctx.db.updateTable('message').set({ has_read: 1, read_at: ctx.now })
        .where('user_id', '=', ctx.user.id).where('has_read', '=', 0).executeTakeFirst();
      return { updated: Number(result.numUpdatedRows) };
    },
  }),
];
