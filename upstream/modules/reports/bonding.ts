import { sql } from 'kysely';
import { audit } from '../../core/audit';
import { defineCall } from '../../core/call';
import { conflict, invalid, notFound } from '../../core/errors';
import type { RowKind } from '../../core/row-access';
import { xlsxFile } from '../../core/export';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { Translate } from '../../core/i18n';
import type { Sheet } from '../../core/xlsx';
import type { BondingCompanies, CompanyQuotaInput } from '../../../lib/contract/case-extras';
import { chinaToday } from '../../core/china-time';
import { caseScope } from '../workflow/scope';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The guarantee companies the user may see with their quota and, on a date, the balance they
 * guarantee: the principal outstanding of the loans they stood behind then, and the approved
 * cases still waiting for the loan (at their guarantee quota, else the amount asked).
 */
export async function bondingCompanies(db: Db, user: AuthUser, date: string | undefined, now: Date): Promise<BondingCompanies> {
  const day = date ?? chinaToday(now);
  const scope = await caseScope(db, user);
  const companies = await db.selectFrom('organization as o').leftJoin('guarantee_quota as q', 'q.org_id', 'o.id')
    .select(['o.id', 'o.name', 'q.quota', 'q.version']).where('o.type', '=', 'GUARANTEE')
    .$if(scope !== null, (q) => q.where('o.id', 'in', scope!.length ? scope! : [-1]))
    .orderBy('o.sort').orderBy('o.id').execute();
  const ids = companies.length ? companies.map((c) => c.id) : [-1];
  // The guarantee balance (在保余额) from the loan accounts: today the outstanding principal of
  // live loans; on an earlier day what was then issued, neither settled nor compensated, less
  // the principal repaid by then (DOMAIN.md section 6).
  const balances = day >= chinaToday(now)
    ? db.selectFrom('loan_account').where('guarantee_org_id', 'in', ids).where('state', 'in', ['CURRENT', 'OVERDUE'])
      .select(['guarantee_org_id', sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(outstanding), 0)`.as('amount')]).groupBy('guarantee_org_id').execute()
    : sql<{ guarantee_org_id: number; n: string; amount: string }>`
      select l.guarantee_org_id, count(*) as n, coalesce(sum(l.principal - coalesce(r.paid, 0)), 0) as amount
      from loan_account l
      left join lateral (select sum(principal) as paid from loan_repayment r where r.application_id = l.application_id and r.paid_on <= ${day}::date) r on true
      where l.guarantee_org_id in (${sql.join(ids)}) and l.issue_date <= ${day}::date
        and (l.settled_on is null or l.settled_on > ${day}::date) and (l.compensated_on is null or l.compensated_on > ${day}::date)
      group by l.guarantee_org_id`.execute(db).then((r) => r.rows);
  const [loans, pending] = await Promise.all([
    balances.then((rows) => rows.map((r) => ({ ...r, amount: String(Number(r.amount) / 100) }))),
    db.selectFrom('guarantee_tally').where('guarantee_org_id', 'in', ids).where('status', '=', 'APPROVED')
      .select(['guarantee_org_id', sql<string>`sum(n)`.as('n'), sql<string>`coalesce(sum(amount), 0)`.as('amount')])
      .groupBy('guarantee_org_id').having(sql`sum(n)`, '<>', 0).execute(),
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
        pending: Number(pendingOf.get(c.id)?.n ?? 0), pendingAmount: cents(Number(pendingOf.get(c.id)?.amount ?? 0)), version: c.version ?? 0,
      };
    }),
  };
}

/**
 * A guarantee company named by a call's input (row access of kind 'company'): in the caller's
 * scope (their organisation and those below it; every one for the operator), else 404. Whether
 * it is a guarantee company at all is the handler's to say (422).
 */
export const companyRowAccess: RowKind = async (ctx, id) => {
  const scope = await caseScope(ctx.db, ctx.user);
  if (scope !== null && !scope.includes(id)) throw notFound('organization');
};

/**
 * Sets a guarantee company's quota against the version the caller read (0 while it has none):
 * another edit in between answers 409 and changes nothing. The call's row access has found the
 * company in the user's scope; the change is audited with the quota before and after.
 */
async function setCompanyQuota(db: Db, user: AuthUser, input: CompanyQuotaInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const org = await trx.selectFrom('organization').select(['id', 'type', 'name']).where('id', '=', input.orgId).executeTakeFirst();
    if (org?.type !== 'GUARANTEE') throw invalid({ orgId: 'validation.orgType' });
    const before = await trx.selectFrom('guarantee_quota').select(['quota', 'version']).where('org_id', '=', org.id).forUpdate().executeTakeFirst();
    if ((before?.version ?? 0) !== input.version) throw conflict();
    const row = before
      ? await trx.updateTable('guarantee_quota').set({ quota: input.quota, version: before.version + 1, updated_at: now })
        .where('org_id', '=', org.id).where('version', '=', before.version).returning(['quota', 'version']).executeTakeFirst()
      // Two first settings at once: the second finds the row the first wrote and is refused.
      : await trx.insertInto('guarantee_quota').values({ org_id: org.id, quota: input.quota, version: 1, updated_at: now })
        .onConflict((oc) => oc.column('org_id').doNothing()).returning(['quota', 'version']).executeTakeFirst();
    if (!row) throw conflict();
    await audit(trx, user, 'guaranteeQuota.update', { type: 'guaranteeQuota', id: org.id }, {
      name: org.name, before: before ? { quota: Number(before.quota), version: before.version } : null, after: { quota: Number(row.quota), version: row.version },
    });
    return { orgId: org.id, quota: Number(row.quota), version: row.version };
  });
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
    path: 'guaranteeCompany/updateQuota',
    handler: (ctx, input) => setCompanyQuota(ctx.db, ctx.user, input, ctx.now),
  }),
  defineCall({
    path: 'guaranteeCompany/export',
    async handler(ctx, input) {
      const data = await bondingCompanies(ctx.db, ctx.user, input.date, ctx.now);
      return xlsxFile(ctx.t('reports.bonding.title'), ctx.now, [bondingSheet(data, ctx.t)]);
    },
  }),
];
