import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { notFound } from '../../core/errors';
import { allowed } from '../../core/permission';
import { chinaToday } from '../../core/china-time';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import type { LoanAccount } from '../../../lib/contract/loans';
import { caseScope } from '../workflow/scope';
import { dateText } from '../workflow/rows';
import { loanSettings, loanVisible, yuanOf } from './store';

type Db = Kysely<Database>;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The day `years` after a YYYY-MM-DD day (29 February falls on 28 February). */
export function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * A loan's account as the caller sees it (the answer of every post-loan action): the account,
 * its schedule, repayments, compensations, recoveries and write-offs, and what the caller may do
 * now. Kept minimal here for the guarantee company's and renshe's actions; the ledger's own reader
 * (upstream/modules/loans/read.ts) takes over once it lands.
 */
export async function loanAccountAnswer(db: Db, user: AuthUser, id: number, now = new Date()): Promise<LoanAccount> {
  const a = await db.selectFrom('loan_account as l')
    .innerJoin('application as a', 'a.id', 'l.application_id')
    .innerJoin('organization as b', 'b.id', 'l.bank_org_id')
    .innerJoin('organization as g', 'g.id', 'l.guarantee_org_id')
    .selectAll('l')
    .select(['a.number', 'a.name', 'a.id_number', 'a.borrower_type', 'b.name as bank', 'g.name as guarantee',
      dateText('l.issue_date').as('issue'), dateText('l.maturity_date').as('maturity'), dateText('l.next_due_date').as('next_due'),
      dateText('l.settled_on').as('settled'), dateText('l.compensated_on').as('compensated_day')])
    .where('l.application_id', '=', id).executeTakeFirst();
  if (!a) throw notFound('loan');
  const scope = await caseScope(db, user);
  if (!loanVisible(a, scope)) throw notFound('loan');
  const [settings, schedule, repayments, compensations, recoveries, writeOffs] = await Promise.all([
    loanSettings(db),
    db.selectFrom('loan_period').selectAll().select([dateText('due_date').as('due'), dateText('paid_on').as('paid')])
      .where('application_id', '=', id).orderBy('period').execute(),
    db.selectFrom('loan_repayment as r').leftJoin('app_user as u', 'u.id', 'r.recorded_by').selectAll('r')
      .select(['u.nickname', dateText('r.paid_on').as('paid')]).where('r.application_id', '=', id).orderBy('r.id').execute(),
    db.selectFrom('loan_compensation as c').leftJoin('app_user as u', 'u.id', 'c.recorded_by').leftJoin('app_user as d', 'd.id', 'c.decided_by').selectAll('c')
      .select(['u.nickname as recorder', 'd.nickname as decider', dateText('c.paid_on').as('paid')]).where('c.application_id', '=', id).orderBy('c.id').execute(),
    db.selectFrom('loan_recovery as r').leftJoin('app_user as u', 'u.id', 'r.recorded_by').selectAll('r')
      .select(['u.nickname', dateText('r.recovered_on').as('day')]).where('r.application_id', '=', id).orderBy('r.id').execute(),
    db.selectFrom('loan_write_off as w').leftJoin('app_user as u', 'u.id', 'w.requested_by').leftJoin('app_user as d', 'd.id', 'w.decided_by').selectAll('w')
      .select(['u.nickname as requester', 'd.nickname as decider']).where('w.application_id', '=', id).orderBy('w.id').execute(),
  ]);
  const own = (column: 'bank_org_id' | 'guarantee_org_id' | 'renshe_org_id') => scope?.includes(a[column]) ?? false;
  const holds = (verb: string) => allowed(db, user, { permission: `postLoan::${verb}` });
  const [repay, compensate, confirmCompensation, recover, chargeOff, confirmChargeOff] = await Promise.all(
    ['repay', 'compensate', 'confirmCompensation', 'recover', 'chargeOff', 'confirmChargeOff'].map(holds),
  );
  const pendingCompensation = compensations.find((c) => c.state === 'PENDING');
  const pendingWriteOff = writeOffs.find((w) => w.state === 'PENDING');
  const compensatedState = a.state === 'COMPENSATED' || a.state === 'RECOVERING';
  const writeOffFrom = a.compensated_day ? yearsAfter(a.compensated_day, settings.writeOffYears) : null;
  const today = chinaToday(now);
  return {
    account: {
      id: a.application_id, number: a.number, name: a.name, idNumber: maskIdNumber(a.id_number), borrowerType: a.borrower_type,
      bankOrg: a.bank, guaranteeOrg: a.guarantee, principal: yuanOf(Number(a.principal)), outstanding: yuanOf(Number(a.outstanding)),
      issueDate: a.issue!, maturityDate: a.maturity!, method: a.method, rate: Number(a.rate), state: a.state, overdueDays: a.overdue_days,
      nextDueDate: a.next_due, nextDueAmount: a.next_due_amount === null ? null : yuanOf(Number(a.next_due_amount)),
      settledHow: a.settled_how, settledOn: a.settled, version: a.version, termMonths: a.term_months,
      compensated: yuanOf(Number(a.compensated)), recovered: yuanOf(Number(a.recovered)), writtenOff: yuanOf(Number(a.written_off)),
      claimDays: settings.claimDays, writeOffFrom,
    },
    schedule: schedule.map((p) => ({
      period: p.period, dueDate: p.due!, principal: yuanOf(p.principal), interest: yuanOf(p.interest), paidPrincipal: yuanOf(Number(p.paid_principal)),
      paidInterest: yuanOf(Number(p.paid_interest)), paidOn: p.paid, state: p.state, overdueDays: p.overdue_days,
    })),
    repayments: repayments.map((r) => ({
      id: r.id, reportId: r.report_id, kind: r.kind, period: r.period, paidOn: r.paid!, principal: yuanOf(r.principal), interest: yuanOf(r.interest),
      lateDays: r.late_days, recordedBy: r.nickname ?? '', createTime: iso(r.created_at),
    })),
    compensations: compensations.map((c) => ({
      id: c.id, principal: yuanOf(c.principal), interest: yuanOf(c.interest), paidOn: c.paid!, state: c.state, recordedBy: c.recorder ?? '',
      decidedBy: c.decider ?? null, opinion: c.opinion, createTime: iso(c.created_at),
    })),
    recoveries: recoveries.map((r) => ({
      id: r.id, recoveredOn: r.day!, amount: yuanOf(r.amount), source: r.source, note: r.note, recordedBy: r.nickname ?? '', createTime: iso(r.created_at),
    })),
    writeOffs: writeOffs.map((w) => ({
      id: w.id, amount: yuanOf(w.amount), reason: w.reason, state: w.state, requestedBy: w.requester ?? '', decidedBy: w.decider ?? null,
      opinion: w.opinion, createTime: iso(w.created_at),
    })),
    can: {
      repay: repay! && own('bank_org_id') && (a.state === 'CURRENT' || a.state === 'OVERDUE'),
      compensate: compensate! && own('guarantee_org_id') && a.state === 'OVERDUE' && a.overdue_days >= settings.claimDays && !pendingCompensation,
      confirmCompensation: confirmCompensation! && own('guarantee_org_id') && pendingCompensation !== undefined && pendingCompensation.recorded_by !== user.id,
      recover: recover! && own('guarantee_org_id') && compensatedState && !pendingWriteOff && Number(a.recovered) < Number(a.compensated),
      writeOff: chargeOff! && own('guarantee_org_id') && compensatedState && !pendingWriteOff && writeOffFrom !== null && writeOffFrom <= today
        && Number(a.recovered) < Number(a.compensated),
      confirmWriteOff: confirmChargeOff! && own('renshe_org_id') && pendingWriteOff !== undefined,
    },
  };
}
