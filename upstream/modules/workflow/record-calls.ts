import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import type { Page } from '../../../lib/contract/common';
import type { BankFirst, CaseState, PersonAndAmount, RecordInfoRow, StatusEntry } from '../../../lib/contract/case-extras';
import type { PersonInfo } from '../../../lib/contract/workflow';
import { STATUS_DICTIONARY, statusValue } from '../../../lib/workflow/status-dictionary';
import { workingDaysBetween } from '../../../lib/workflow/working-days';
import { notFound } from '../../core/errors';
import { containsPattern } from '../../core/like';
import { toFileInfo } from '../files/calls';
import { loadCalendar } from '../calendar/store';
import { chinaDayEnd, chinaDayStart } from '../../core/china-time';
import { people, recordRows, toRecordRow, visibleApplication } from './detail';
import { pageTotals } from './list';
import { caseScope, inCaseScope } from './scope';


/**
 * The application calls around the workbench: the status dictionary, a case's state, the
 * search of approval records, the people of a stage with their workload, a guarantor's
 * spouse, files by kind and the bank's first review.
 */
export const recordCalls = [
  defineCall({
    path: 'businessApproveRecord/approvalStatus',
    handler: async (ctx): Promise<StatusEntry[]> => STATUS_DICTIONARY.map((e) => ({ value: e.value, status: e.status, stage: e.stage, label: ctx.t(e.labelKey), color: e.color })),
  }),
  defineCall({
    path: 'businessApproveRecord/state',
    async handler(ctx, input): Promise<CaseState> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      const [assignee, records, calendar] = await Promise.all([
        app.assignee_id === null ? null : ctx.db.selectFrom('app_user').select('nickname').where('id', '=', app.assignee_id).executeTakeFirst(),
        ctx.db.selectFrom('approval_record').select((eb) => eb.fn.countAll<number>().as('n')).where('application_id', '=', app.id).executeTakeFirstOrThrow(),
        loadCalendar(ctx.db),
      ]);
      const waiting = app.status === 'IN_REVIEW' && app.entered_at !== null;
      return {
        id: app.id, status: app.status, stage: app.stage, value: statusValue(app), assignee: assignee?.nickname ?? null,
        enteredAt: app.entered_at ? new Date(app.entered_at).toISOString() : null,
        deadline: app.deadline ? new Date(app.deadline).toISOString() : null,
        overdue: app.status === 'IN_REVIEW' && app.deadline !== null && new Date(app.deadline) < ctx.now,
        waitingDays: waiting ? workingDaysBetween(app.entered_at!, ctx.now, calendar) : null,
        records: Number(records.n), version: app.version,
      };
    },
  }),
  defineCall({
    path: 'businessApproveRecord/infoList',
    async handler(ctx, input): Promise<Page<RecordInfoRow>> {
      const scope = await caseScope(ctx.db, ctx.user);
      let base = recordRows(ctx.db).innerJoin('application as a', 'a.id', 'r.application_id')
        .where((eb) => inCaseScope(eb as never, scope));
      if (input.number) base = base.where('a.number', '=', input.number);
      if (input.stage) base = base.where('r.stage', '=', input.stage);
      if (input.action) base = base.where('r.action', '=', input.action);
      if (input.actor) base = base.where('u.nickname', 'ilike', containsPattern(input.actor));
      if (input.dateFrom) base = base.where('r.created_at', '>=', chinaDayStart(input.dateFrom));
      if (input.dateTo) base = base.where('r.created_at', '<', chinaDayEnd(input.dateTo));
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        base.select(['a.id as application_id', 'a.number', 'a.name']).orderBy('r.id', 'desc')
          .limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return { list: rows.map((r) => ({ ...toRecordRow(r), applicationId: r.application_id, number: r.number, name: r.name })), ...totals };
    },
  }),
  defineCall({
    path: 'businessApproveRecord/getPersonAndAmount',
    async handler(ctx, input): Promise<PersonAndAmount[]> {
      const scope = await caseScope(ctx.db, ctx.user);
      const rows = await ctx.db.selectFrom('approval_node_person as p')
        .innerJoin('approval_node as n', 'n.id', 'p.node_id')
        .innerJoin('app_user as u', 'u.id', 'p.user_id')
        .innerJoin('organization as o', 'o.id', 'u.org_id')
        .leftJoin('application as a', (join) => join.onRef('a.assignee_id', '=', 'u.id').on('a.stage', '=', input.stage).on('a.status', '=', 'IN_REVIEW'))
        .select([
          'u.id', 'u.nickname', 'o.name as orgName', sql<number>`count(distinct a.id)`.as('pending'),
          sql<number>`count(distinct a.id) filter (where a.deadline < ${ctx.now})`.as('overdue'),
        ])
        .where('n.stage', '=', input.stage).where('n.deleted_at', 'is', null).where('u.state', '=', 'ENABLED')
        .$if(scope !== null, (q) => q.where('u.org_id', 'in', scope!.length ? scope! : [-1]))
        .groupBy(['u.id', 'u.nickname', 'o.name']).orderBy('u.id').execute();
      // The amount per person is summed over distinct cases (a person on two nodes of the stage would count a case twice in the join).
      const amounts = rows.length === 0 ? [] : await ctx.db.selectFrom('application').select(['assignee_id', sql<string>`sum(amount)`.as('amount')])
        .where('stage', '=', input.stage).where('status', '=', 'IN_REVIEW').where('assignee_id', 'in', rows.map((r) => r.id)).groupBy('assignee_id').execute();
      const amountOf = new Map(amounts.map((a) => [a.assignee_id, Number(a.amount)]));
      return rows.map((r) => ({ id: r.id, nickname: r.nickname, orgName: r.orgName, pending: Number(r.pending), amount: amountOf.get(r.id) ?? 0, overdue: Number(r.overdue) }));
    },
  }),
  defineCall({
    path: 'businessBondsmanPeople/mate',
    async handler(ctx, input): Promise<PersonInfo | null> {
      const guarantor = await ctx.db.selectFrom('application_person').select(['application_id']).where('id', '=', input.id).where('role', '=', 'GUARANTOR').executeTakeFirst();
      if (!guarantor) throw notFound('guarantor');
      await visibleApplication(ctx.db, ctx.user, guarantor.application_id);
      const spouses = await people(ctx.db, guarantor.application_id, 'GUARANTOR_SPOUSE');
      return spouses.find((s) => s.guarantorId === input.id)?.info ?? null;
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getFiles',
    async handler(ctx, input) {
      await visibleApplication(ctx.db, ctx.user, input.id);
      const rows = await ctx.db.selectFrom('application_file').select(['id', 'kind', 'name', 'mime', 'size', 'created_at'])
        .where('application_id', '=', input.id).$if(input.kind !== undefined, (q) => q.where('kind', '=', input.kind!)).orderBy('kind').orderBy('id').execute();
      const groups = new Map<string, ReturnType<typeof toFileInfo>[]>();
      for (const row of rows) groups.set(row.kind, [...(groups.get(row.kind) ?? []), toFileInfo(row)]);
      return [...groups].map(([kind, files]) => ({ kind, files }));
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getBankFirst',
    async handler(ctx, input): Promise<BankFirst> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      const [record, bank] = await Promise.all([
        recordRows(ctx.db).where('r.application_id', '=', app.id).where('r.stage', '=', 'BANK_FIRST')
          .where('r.action', 'in', ['CHECK', 'REFUSE', 'REJECT', 'RETURN']).orderBy('r.id', 'desc').executeTakeFirst(),
        ctx.db.selectFrom('organization').select('name').where('id', '=', app.bank_org_id).executeTakeFirstOrThrow(),
      ]);
      return {
        record: record ? toRecordRow(record) : null, amount: Number(app.amount),
        guaranteeQuota: app.guarantee_quota === null ? null : Number(app.guarantee_quota), bankOrg: bank.name,
      };
    },
  }),
];
