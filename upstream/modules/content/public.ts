import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { AppError, conflict, notFound } from '../../core/errors';
import { pageWindow, totalsOf, countUpTo } from '../../core/resource/list';
import type { CallContext } from '../../core/call';
import { CODES } from '../../../lib/contract/common';
import { contentFileUrl } from '../../../lib/contract/content-rules';
import { addressBucket } from '../../../lib/http/net-address';

const HOUR_MS = 3_600_000;

/**
 * Refuses (429) a consultation over a limit: at most `max` from one mobile, or one client
 * address (the address the web application determined through TRUSTED_PROXIES; an IPv6
 * network counts as one), within `windowMs`. The message says in how many minutes one may
 * be sent again.
 */
async function checkLimit(ctx: CallContext, column: 'mobile' | 'client_ip', value: string, max: number, windowMs: number, key: string) {
  const since = new Date(ctx.now.getTime() - windowMs);
  const rows = await ctx.db.selectFrom('consult').select('created_at').where(column, '=', value).where('created_at', '>', since)
    .orderBy('created_at', 'desc').limit(max).execute();
  if (rows.length < max) return;
  const oldest = new Date(rows[rows.length - 1]!.created_at).getTime();
  const minutes = Math.max(1, Math.ceil((oldest + windowMs - ctx.now.getTime()) / 60_000));
  throw new AppError(CODES.tooMany, key, { max, minutes });
}

/**
 * The portal's calls (no session): published notices whose time has come (pinned first, then
 * newest), one of them, enabled help templates by category, and the consultation form.
 * Drafts, withdrawn and scheduled notices and disabled templates are never served.
 */
export const publicContentCalls = [
  defineCall({
    path: 'mobile/public/businessIssueInfo/list',
    async handler(ctx, input) {
      let base = ctx.db.selectFrom('notice as n').where('n.state', '=', 'PUBLISHED').where('n.publish_at', '<=', ctx.now);
      if (input.category) base = base.where('n.category', '=', input.category);
      if (input.regionCode) base = base.where((eb) => eb.or([eb('n.region_code', '=', input.regionCode!), eb('n.region_code', 'is', null)]));
      const { limit, offset } = pageWindow(input);
      const [counted, rows] = await Promise.all([
        countUpTo(ctx.db, base as never),
        base.select(['n.id', 'n.title', 'n.category', 'n.region_code', 'n.cover_file_id', 'n.pinned', 'n.publish_at'])
          .orderBy('n.pinned', 'desc').orderBy('n.publish_at', 'desc').orderBy('n.id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id, title: r.title, category: r.category, regionCode: r.region_code, pinned: r.pinned,
          coverUrl: r.cover_file_id === null ? null : contentFileUrl(r.cover_file_id), publishAt: new Date(r.publish_at!).toISOString(),
        })),
        ...totalsOf(counted, input.pageSize),
      };
    },
  }),
  defineCall({
    path: 'mobile/public/businessIssueInfo/get',
    async handler(ctx, input) {
      const r = await ctx.db.selectFrom('notice').select(['id', 'title', 'category', 'region_code', 'cover_file_id', 'pinned', 'publish_at', 'body'])
        .where('id', '=', input.id).where('state', '=', 'PUBLISHED').where('publish_at', '<=', ctx.now).executeTakeFirst();
      if (!r) throw notFound('notice');
      return {
        id: r.id, title: r.title, category: r.category, regionCode: r.region_code, pinned: r.pinned, body: r.body,
        coverUrl: r.cover_file_id === null ? null : contentFileUrl(r.cover_file_id), publishAt: new Date(r.publish_at!).toISOString(),
      };
    },
  }),
  defineCall({
    path: 'mobile/public/businessHelpInfo/list',
    async handler(ctx, input) {
      let query = ctx.db.selectFrom('help_info').select(['id', 'title', 'category', 'body', 'sort']).where('state', '=', 'ENABLED');
      if (input.category) query = query.where('category', '=', input.category);
      return query.orderBy(sql`array_position(array['APPLY','MATERIALS','FAQ']::text[], category::text)`).orderBy('sort').orderBy('id').execute();
    },
  }),
  defineCall({
    path: 'mobile/public/businssConsult/add',
    async handler(ctx, input) {
      const address = addressBucket(ctx.clientIp);
      const answer = (r: { id: number; created_at: Date | string }) => ({ id: r.id, createTime: new Date(r.created_at).toISOString() });
      return ctx.db.transaction().execute(async (trx) => {
        // One submit per mobile and per address at a time, so the counts below hold across replicas.
        for (const key of [`consult:m:${input.mobile}`, `consult:a:${address}`].sort()) {
          await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        }
        if (input.clientKey) {
          const earlier = await trx.selectFrom('consult').select(['id', 'mobile', 'created_at']).where('client_key', '=', input.clientKey).executeTakeFirst();
          if (earlier && earlier.mobile !== input.mobile) throw conflict('content.consultKeyUsed');
          if (earlier) return answer(earlier);
        }
        const inner = { ...ctx, db: trx };
        await checkLimit(inner, 'mobile', input.mobile, ctx.options.consultPerMobilePerDay, 24 * HOUR_MS, 'content.consultTooManyMobile');
        await checkLimit(inner, 'client_ip', address, ctx.options.consultPerAddressPerHour, HOUR_MS, 'content.consultTooManyAddress');
        const row = await trx.insertInto('consult').values({
          name: input.name, mobile: input.mobile, category: input.category, content: input.content, client_ip: address,
          client_key: input.clientKey ?? null, created_at: ctx.now, updated_at: ctx.now,
        }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
        return answer(row);
      });
    },
  }),
];
