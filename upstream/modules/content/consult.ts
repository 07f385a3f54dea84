import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { conflict } from '../../core/errors';
import { resource } from '../../core/resource';
import type { ConsultRow } from '../../../lib/contract/content';
import { CONSULT_ANSWER_DAYS } from '../../../lib/contract/content-rules';
import { maskMobile } from '../system/user-rows';
import { sendConsultAnsweredSms } from './consult-sms';

/**
 * Consultations from the public (businssConsult): staff see them with their waiting time (a
 * question still waiting CONSULT_ANSWER_DAYS working days after it came is overdue), answer
 * them (the asker gets the CONSULT_ANSWERED SMS in the same transaction) or close them.
 * Mobiles are shown masked.
 */
const consultTable = resource({
  table: 'consult',
  key: 'id',
  what: 'consult',
  select: (q, now) => q.leftJoin('app_user as u', 'u.id', 't.answered_by')
    .select(['t.id', 't.name', 't.mobile', 't.category', 't.content', 't.state', 't.answer', 't.answered_at', 't.created_at', 't.version', 'u.nickname'])
    .select(sql<Date>`${now}::timestamptz`.as('now'))
    // Due after CONSULT_ANSWER_DAYS working days of the holiday calendar (migration-texts-calendar.ts).
    .select(sql<Date>`add_working_days(t.created_at, ${CONSULT_ANSWER_DAYS})`.as('due')),
  toRow: (r): ConsultRow => {
    const due = new Date(r.due);
    return {
      id: r.id, name: r.name, mobile: maskMobile(r.mobile) ?? '', category: r.category, content: r.content, state: r.state,
      answer: r.answer, answeredBy: r.nickname, answerTime: r.answered_at ? new Date(r.answered_at).toISOString() : null,
      createTime: new Date(r.created_at).toISOString(), dueTime: due.toISOString(),
      overdue: r.state === 'PENDING' && new Date(r.now).getTime() > due.getTime(), version: r.version,
    };
  },
  label: (row) => `#${row.id}`,
  filters: { name: { contains: 'name' }, mobile: { equals: 'mobile' }, category: { equals: 'category' }, state: { equals: 'state' } },
  orders: {
    // Waiting questions first, the longest waiting first; then the rest, newest first.
    waiting: () => sql<number>`(case when t.state = 'PENDING' then -extract(epoch from now() - t.created_at) else extract(epoch from now() - t.created_at) end)`,
    createTime: 'created_at',
  },
  order: 'waiting',
  audit: { type: 'consult', action: 'consult', summary: (row) => ({ state: row.state, answer: row.answer, version: row.version }) },
  rules: {
    // An answer tells the asker, in the answer's transaction.
    async beforeUpdate(trx, ctx, next, before) {
      if (next.state !== 'ANSWERED') return;
      const asker = await trx.selectFrom('consult').select(['id', 'name', 'mobile']).where('id', '=', before.id).executeTakeFirstOrThrow();
      await sendConsultAnsweredSms(trx, ctx.options, asker, ctx.now);
    },
  },
});

export const consultCalls = [
  defineCall({ path: 'businssConsult/getList', handler: consultTable.list }),
  defineCall({
    path: 'businssConsult/answer',
    // A closed question takes no answer; an answered one may be answered again (the asker is told again).
    handler: (ctx, input) => consultTable.change(ctx, input, (before) => {
      if (before.state === 'CLOSED') throw conflict('content.consultClosed');
      return { state: 'ANSWERED', answer: input.answer, answered_by: ctx.user.id, answered_at: ctx.now };
    }, 'answer'),
  }),
  defineCall({
    path: 'businssConsult/close',
    handler: (ctx, input) => consultTable.change(ctx, input, (before) => {
      if (before.state === 'CLOSED') throw conflict('content.consultClosed');
      return { state: 'CLOSED' };
    }, 'close'),
  }),
];
