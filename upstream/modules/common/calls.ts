import { audit } from '../../core/audit';
import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { invalid, notFound } from '../../core/errors';
import { chinaToday } from '../../core/china-time';
import { LPR_PARAM, recordLpr } from '../subsidy/rules';
import type { RegionEntry } from '../../../lib/contract/region';

export const commonCalls = [
  defineCall({
    path: 'health',
    async handler(ctx) {
      await sql`select 1`.execute(ctx.db);
      return { database: 'ok' as const };
    },
  }),
  defineCall({
    path: 'mobile/public/getAreainfo',
    async handler(ctx, input): Promise<RegionEntry[]> {
      let query = ctx.db.selectFrom('region').select(['letter', 'name', 'name_en', 'code', 'parent_code as parentCode']);
      if (input.parentCode) query = query.where('parent_code', '=', input.parentCode);
      const rows = await query.orderBy('letter').orderBy('code').execute();
      // Names in the reader's language; the letter stays the Chinese name's, by which the picker groups them.
      return rows.map(({ name_en, ...r }) => ({ ...r, name: ctx.locale === 'en' && name_en ? name_en : r.name }));
    },
  }),
  defineCall({
    path: 'systemParam/getList',
    handler: (ctx) => ctx.db.selectFrom('system_param').select(['key', 'value', 'description', 'updated_at as updateTime']).orderBy('key').execute(),
  }),
  defineCall({
    path: 'systemParam/update',
    async handler(ctx, input) {
      // The LPR keeps its history: a change here is the rate published today (loans signed from today take it).
      if (input.key === LPR_PARAM && !/^0\.\d{1,4}$/.test(input.value)) throw invalid({ value: 'validation.lprValue' });
      await ctx.db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('system_param').set({ value: input.value, updated_at: ctx.now }).where('key', '=', input.key).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw notFound('param');
        if (input.key === LPR_PARAM) await recordLpr(trx, chinaToday(ctx.now), Number(input.value), ctx.user.id, ctx.now);
        await audit(trx, ctx.user, 'systemParam.update', { type: 'system_param', id: input.key }, { value: input.value });
      });
      return { key: input.key, value: input.value };
    },
  }),
];
