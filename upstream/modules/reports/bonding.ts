import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { xlsxFile } from '../../core/export';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { Translate } from '../../core/i18n';
import type { Sheet } from '../../core/xlsx';
import type { BondingCompanies } from '../../../lib/contract/case-extras';
import { chinaToday } from '../../core/china-time';
import { caseScope } from '../workflow/scope';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The guarantee companies the user may see with their quota and, on a date, the balance they
 * guarantee: loans issued by then whose term has not ended (at their issued amount), and the
 * approved cases still waiting for the loan (at their guarantee quota, else the amount asked).
 */
export async function bondingCompanies(db: Db, user: AuthUser, date: string | undefined, now: Date): Promise<BondingCompanies> {
  const day = date ?? chinaToday(now);
  const scope = await caseScope(db, user);
  const companies = await db.selectFrom('organization as o').leftJoin('guarantee_quota as q', 'q.org_id', 'o.id')
    .select(['o.id', 'o.name', 'q.quota']).where('o.type', '=', 'GUARANTEE')
    .$if(scope !== null, (q) => q.where('o.id', 'in', scope!.length ? scope! : [-1]))
    .orderBy('o.sort').orderBy('o.id').execute();
  const ids = companies.length ? companies.map((c) => c.id) : [-1];
  const [loans, pending] = await Promise.all([
    db.selectFrom('application').select(['guarantee_org_id', sql<number>`count(*)`.as('n'), sql<string>`coalesce(sum(loan_amount), 0)`.as('amount')])
      .where('status', '=', 'LOANED').where('loan_date', '<=', day).where('guarantee_org_id', 'in', ids)
      .where(sql<boolean>`loan_date + make_interval(months => term_months) > ${day}::date`)
      .groupBy('guarantee_org_id').execute(),
    db.selectFrom('application').select(['guarantee_org_id', sql<number>`count(*)`.as('n'), sql<string>`coalesce(sum(coalesce(guarantee_quota, amount)), 0)`.as('amount')])
      .where('status', '=', 'APPROVED').where('guarantee_org_id', 'in', ids).groupBy('guarantee_org_id').execute(),
  ]);
  const loanOf = new Map(loans.map((l) => [l.guarantee_org_id, l]));
  const pendingOf = new Map(pending.map((p) => [p.guarantee_org_id, p]));
  return {
    date: day,
    list: companies.map((c) => {
      const used = cents(Number(loanOf.get(c.id)?.amount ?? 0));
      const quota = c.quota === null ? null : Number(c.quota);
      return {
        orgId: c.id, name: c.name, quota, loans: Number(loanOf.get(c.id)?.n ?? 0), used, left: quota === null ? null : cents(quota - used),
        pending: Number(pendingOf.get(c.id)?.n ?? 0), pendingAmount: cents(Number(pendingOf.get(c.id)?.amount ?? 0)),
      };
    }),
  };
}

export function bondingSheet(data: BondingCompanies, t: Translate): Sheet {
  const h = (key: string) => t(`reports.bonding.${key}`);
  return {
    name: h('sheet'),
    header: [h('company'), h('quota'), h('loans'), h('used'), h('left'), h('pending'), h('pendingAmount')],
    rows: [
      ...data.list.map((c) => [c.name, c.quota ?? '', c.loans, c.used, c.left ?? '', c.pending, c.pendingAmount]),
      [`${h('total')} (${data.date})`, '', data.list.reduce((s, c) => s + c.loans, 0), cents(data.list.reduce((s, c) => s + c.used, 0)), '',
        data.list.reduce((s, c) => s + c.pending, 0), cents(data.list.reduce((s, c) => s + c.pendingAmount, 0))],
    ],
    widths: [34, 16, 10, 16, 16, 10, 16],
  };
}

export const bondingCalls = [
  defineCall({
    path: 'businessClubFirstTrial/getBondingCompanyList',
    handler: (ctx, input) => bondingCompanies(ctx.db, ctx.user, input.date, ctx.now),
  }),
  defineCall({
    path: 'guaranteeCompany/export',
    async handler(ctx, input) {
      const data = await bondingCompanies(ctx.db, ctx.user, input.date, ctx.now);
      return xlsxFile(ctx.t('reports.bonding.title'), ctx.now, [bondingSheet(data, ctx.t)]);
    },
  }),
];
