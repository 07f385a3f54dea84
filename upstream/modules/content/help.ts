import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict } from '../../core/errors';
import { resource } from '../../core/resource';
import type { Db } from '../../db';
import type { HelpOrderRow, HelpRow } from '../../../lib/contract/content';
import { checkContentFiles, fileIdsOf } from './files';

type HelpAdd = InputOf<'businessHelpInfo/add'>;
type Category = HelpAdd['category'];

/** The position after the last template of a category. */
async function nextSort(db: Db, category: Category): Promise<number> {
  const { last } = await db.selectFrom('help_info').select((eb) => eb.fn.max('sort').as('last')).where('category', '=', category).executeTakeFirstOrThrow();
  return Number(last ?? 0) + 1;
}

/**
 * Help templates of the portal (businessHelpInfo) by category, in an order staff set (up and
 * down, saved as the whole category's order). A new template, or one moved to another
 * category, goes last there. Bodies are sanitised by their field schema; their files must be
 * uploaded here.
 */
const helpTable = resource({
  table: 'help_info',
  key: 'id',
  what: 'help',
  select: (q) => q.select(['t.id', 't.title', 't.category', 't.body', 't.sort', 't.state', 't.version', 't.updated_at']),
  toRow: (r): HelpRow => ({
    id: r.id, title: r.title, category: r.category, body: r.body, sort: r.sort, state: r.state, version: r.version,
    updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.title,
  filters: { title: { contains: 'title' }, category: { equals: 'category' }, state: { equals: 'state' } },
  orders: {
    category: () => sql<number>`array_position(array['APPLY','MATERIALS','FAQ']::text[], t.category::text) * 1000000 + t.sort`,
    updateTime: 'updated_at',
  },
  order: 'category',
  audit: { type: 'help', action: 'helpInfo', summary: (row) => ({ title: row.title, category: row.category, sort: row.sort, state: row.state, version: row.version }) },
  insert: (input: HelpAdd) => ({ title: input.title, category: input.category, body: input.body, file_ids: fileIdsOf(input.body) }),
  patch: (input: InputOf<'businessHelpInfo/update'>) => ({ title: input.title, category: input.category, body: input.body, file_ids: fileIdsOf(input.body) }),
  rules: {
    // The body's files were uploaded here; a template new to its category takes the last place there.
    async validate(trx, _ctx, next, before) {
      if (next.body !== undefined) await checkContentFiles(trx, next.body);
      if (next.category !== undefined && next.category !== before?.category) next.sort = await nextSort(trx, next.category as Category);
    },
  },
});

const orderOf = (db: Db, category: Category): Promise<HelpOrderRow[]> =>
  db.selectFrom('help_info').select(['id', 'title', 'sort', 'state', 'version']).where('category', '=', category).orderBy('sort').orderBy('id').execute();

export const helpCalls = [
  defineCall({ path: 'businessHelpInfo/list', handler: helpTable.list }),
  defineCall({ path: 'businessHelpInfo/add', handler: helpTable.add }),
  defineCall({ path: 'businessHelpInfo/update', handler: helpTable.update }),
  defineCall({
    path: 'businessHelpInfo/changeState',
    handler: (ctx, input) => helpTable.change(ctx, input, (before) => (before.state === input.state ? null : { state: input.state }), 'state'),
  }),
  defineCall({ path: 'businessHelpInfo/del', handler: helpTable.remove }),
  defineCall({ path: 'businessHelpInfo/getOrder', handler: (ctx, input) => orderOf(ctx.db, input.category) }),
  defineCall({
    path: 'businessHelpInfo/updateSort',
    // The whole category in its new order: a list that is not exactly its templates now (one added or removed meanwhile) is 409.
    handler: (ctx, input) => ctx.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('help_info').select(['id', 'sort']).where('category', '=', input.category).orderBy('id').forUpdate().execute();
      const wanted = new Set(input.ids);
      if (wanted.size !== input.ids.length || wanted.size !== rows.length || rows.some((r) => !wanted.has(r.id))) throw conflict('content.helpOrderStale');
      const before = (await orderOf(trx, input.category)).map((r) => r.id);
      for (const [index, id] of input.ids.entries()) {
        const row = rows.find((r) => r.id === id)!;
        if (row.sort === index + 1) continue;
        await trx.updateTable('help_info').set((eb) => ({ sort: index + 1, version: eb('version', '+', 1), updated_at: ctx.now })).where('id', '=', id).execute();
      }
      await audit(trx, ctx.user, 'helpInfo.sort', { type: 'help', id: null }, { category: input.category, before, after: input.ids });
      return orderOf(trx, input.category);
    }),
  }),
];
