import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { conflict, invalid } from '../../core/errors';
import { resource } from '../../core/resource';
import type { NoticeRow } from '../../../lib/contract/content';
import { checkContentFiles, fileIdsOf, toContentFile } from './files';

type NoticeAdd = InputOf<'businessIssueInfo/add'>;

/**
 * Notices of the applicants' portal (businessIssueInfo): drafts are written and edited, then
 * published now or at a set time (a published notice whose time has not come is scheduled),
 * pinned, withdrawn. Bodies are sanitised by their field schema on every save; the files a
 * body and its cover name must be uploaded here, and are kept with the notice so the portal
 * may read them once it is out. A published notice is withdrawn before it can be deleted.
 */
const noticeTable = resource({
  table: 'notice',
  key: 'id',
  what: 'notice',
  select: (q, now) => q.leftJoin('content_file as f', 'f.id', 't.cover_file_id')
    .select(['t.id', 't.title', 't.category', 't.body', 't.region_code', 't.pinned', 't.state', 't.publish_at', 't.version', 't.created_at', 't.updated_at',
      'f.id as cover_id', 'f.name as cover_name', 'f.size as cover_size'])
    .select(sql<boolean>`(t.state = 'PUBLISHED' and t.publish_at > ${now}::timestamptz)`.as('scheduled')),
  toRow: (r): NoticeRow => ({
    id: r.id, title: r.title, category: r.category, body: r.body, regionCode: r.region_code, pinned: r.pinned, state: r.state,
    cover: r.cover_id === null ? null : toContentFile({ id: r.cover_id, name: r.cover_name!, size: r.cover_size! }),
    publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null, scheduled: Boolean(r.scheduled),
    version: r.version, createTime: new Date(r.created_at).toISOString(), updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.title,
  filters: { title: { contains: 'title' }, category: { equals: 'category' }, state: { equals: 'state' }, pinned: { equals: 'pinned' } },
  orders: {
    updateTime: 'updated_at',
    publishAt: (eb) => eb.fn.coalesce('t.publish_at', 't.updated_at'),
    pinned: (eb) => sql`(case when ${eb.ref('t.pinned')} then 1 else 0 end)`,
  },
  order: '-updateTime',
  audit: {
    type: 'notice', action: 'notice',
    summary: (row) => ({ title: row.title, category: row.category, state: row.state, pinned: row.pinned, publishAt: row.publishAt, version: row.version }),
  },
  insert: (input: NoticeAdd, ctx) => ({ ...values(input), created_by: ctx.user.id, updated_by: ctx.user.id }),
  patch: (input: InputOf<'businessIssueInfo/update'>, _before, ctx) => ({ ...values(input), updated_by: ctx.user.id }),
  rules: {
    // The files a saved body and cover name were uploaded here.
    async validate(trx, _ctx, next) {
      if (next.body !== undefined) await checkContentFiles(trx, next.body, next.cover_file_id ?? null);
    },
    beforeDelete(_trx, _ctx, row) {
      if (row.state === 'PUBLISHED') throw conflict('content.noticePublished');
    },
  },
});

/** The columns a save writes; the notice keeps the ids of every file its body and cover name. */
function values(input: NoticeAdd) {
  const cover = input.coverFileId ?? null;
  return {
    title: input.title, category: input.category, body: input.body, region_code: input.regionCode ?? null, cover_file_id: cover,
    file_ids: fileIdsOf(input.body, cover),
  };
}

export const noticeCalls = [
  defineCall({ path: 'businessIssueInfo/getList', handler: noticeTable.list }),
  defineCall({ path: 'businessIssueInfo/add', handler: noticeTable.add }),
  defineCall({ path: 'businessIssueInfo/update', handler: noticeTable.update }),
  defineCall({ path: 'businessIssueInfo/del', handler: noticeTable.remove }),
  defineCall({
    path: 'businessIssueInfo/publish',
    handler: (ctx, input) => {
      const at = input.publishAt ? new Date(input.publishAt) : ctx.now;
      // A set time may be a minute behind the caller's clock, never further in the past.
      if (at.getTime() < ctx.now.getTime() - 60_000) throw invalid({ publishAt: 'validation.contentPublishAtPast' });
      return noticeTable.change(ctx, input, (before) => {
        if (before.state === 'PUBLISHED') throw conflict('content.noticeAlreadyPublished');
        return { state: 'PUBLISHED', publish_at: new Date(Math.max(at.getTime(), ctx.now.getTime())), updated_by: ctx.user.id };
      }, 'publish');
    },
  }),
  defineCall({
    path: 'businessIssueInfo/withdraw',
    handler: (ctx, input) => noticeTable.change(ctx, input, (before) => {
      if (before.state !== 'PUBLISHED') throw conflict('content.noticeNotPublished');
      return { state: 'WITHDRAWN', updated_by: ctx.user.id };
    }, 'withdraw'),
  }),
  defineCall({
    path: 'businessIssueInfo/pin',
    handler: (ctx, input) => noticeTable.change(ctx, input, (before) => (before.pinned === input.pinned ? null : { pinned: input.pinned, updated_by: ctx.user.id }),
      input.pinned ? 'pin' : 'unpin'),
  }),
];
