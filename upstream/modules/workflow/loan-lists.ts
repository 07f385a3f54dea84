import { defineCall } from '../../core/call';
import type { Page } from '../../../lib/contract/common';
import type { PublishedRow, SpouseRow } from '../../../lib/contract/loan-lists';
import { maskIdNumber, maskMobile, maskName } from '../../../lib/workflow/id-number';
import { pageTotals } from './list';
import { caseScope, inCaseScope } from './scope';

const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The lists beside the loan query, over the cases the user may see (as the loan query):
 * the proposers' spouses, and the published information of approved and loaned cases.
 */
export const loanListCalls = [
  defineCall({
    path: 'business-proposer-mate/list',
    async handler(ctx, input): Promise<Page<SpouseRow>> {
      const scope = await caseScope(ctx.db, ctx.user);
      let base = ctx.db.selectFrom('application_person as p').innerJoin('application as a', 'a.id', 'p.application_id')
        .where('p.role', '=', 'SPOUSE')
        .where((eb) => inCaseScope(eb, scope));
      if (input.name) base = base.where('p.name', '=', input.name);
      if (input.idNumber) base = base.where('p.id_number', '=', input.idNumber.toUpperCase());
      if (input.number) base = base.where('a.number', '=', input.number);
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        base.select([
          'p.id', 'p.application_id', 'a.number', 'a.name as proposer', 'p.name', 'p.id_number', 'p.mobile', 'p.gender', 'p.work_unit',
          'a.status', 'a.stage', 'a.created_at',
        ]).orderBy('p.id', 'desc').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return {
        ...totals,
        list: rows.map((r) => ({
          id: r.id, applicationId: r.application_id, number: r.number, proposer: r.proposer, name: r.name,
          idNumber: maskIdNumber(r.id_number), mobile: maskMobile(r.mobile), gender: r.gender, workUnit: r.work_unit,
          status: r.status, stage: r.stage, createTime: iso(r.created_at),
        })),
      };
    },
  }),

  defineCall({
    path: 'businessIssueInfo/list',
    async handler(ctx, input): Promise<Page<PublishedRow>> {
      const scope = await caseScope(ctx.db, ctx.user);
      let base = ctx.db.selectFrom('application as a').where('a.status', 'in', input.status ? [input.status] : ['APPROVED', 'LOANED'])
        .where((eb) => inCaseScope(eb, scope));
      if (input.number) base = base.where('a.number', '=', input.number);
      if (input.name) base = base.where('a.name', '=', input.name);
      if (input.bankOrgId) base = base.where('a.bank_org_id', '=', input.bankOrgId);
      if (input.dateFrom) base = base.where('a.updated_at', '>=', dayStart(input.dateFrom));
      if (input.dateTo) base = base.where('a.updated_at', '<', new Date(dayStart(input.dateTo).getTime() + 86_400_000));
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        base.innerJoin('organization as b', 'b.id', 'a.bank_org_id')
          .select(['a.id', 'a.number', 'a.name', 'a.borrower_type', 'a.amount', 'a.loan_amount', 'a.status', 'a.updated_at', 'b.name as bank'])
          .orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc')
          .limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return {
        ...totals,
        list: rows.map((r) => ({
          id: r.id, number: r.number, name: maskName(r.name), borrowerType: r.borrower_type,
          amount: Number(r.loan_amount ?? r.amount), bankOrg: r.bank, status: r.status as PublishedRow['status'], publishedAt: iso(r.updated_at),
        })),
      };
    },
  }),
];
