import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { splitPeriod, type SubsidyLoan, type SubsidyRule } from '../../../lib/workflow/subsidy';
import { dateText } from '../workflow/rows';

type Db = Kysely<Database>;
const BATCH = 1000;

/** Every version of every borrower type's rule. */
export async function loadRules(db: Db): Promise<SubsidyRule[]> {
  const rows = await db.selectFrom('subsidy_rule').selectAll().select(dateText('effective_from').as('from')).execute();
  return rows.map((r) => ({
    id: r.id, borrowerType: r.borrower_type, effectiveFrom: r.from!, kind: r.kind, offsetBp: r.offset_bp, share: String(r.share), years: r.years, maxLoans: r.max_loans,
  }));
}

/**
 * Gives accounts without them the subsidy's terms: the borrower type, the LPR in force on the
 * loan's issue (the contract's signing with the bank) and which of the person's loans it is (by
 * issue date, then number).
 */
async function fillTerms(trx: Db, ids: readonly number[]) {
  await sql`
    update loan_account l set borrower_type = a.borrower_type,
      lpr = (select h.rate from lpr_history h where h.effective_from <= l.issue_date order by h.effective_from desc limit 1),
      subsidy_seq = (select count(*) from loan_account l2 join application a2 on a2.id = l2.application_id
        where a2.id_number = a.id_number and (l2.issue_date, l2.application_id) <= (l.issue_date, l.application_id))
    from application a where a.id = l.application_id and l.application_id = any(${[...ids]}::int[]) and l.borrower_type is null`.execute(trx);
}

/**
 * Computes the subsidy of every repaid period of these loans that has none yet (DOMAIN.md
 * section 6): on time, by the rule in force on its due date; late, nothing. Adds what it
 * computed to the subsidy owed. Loans without their terms get them first.
 */
export async function computeSubsidies(trx: Db, ids: readonly number[], rules?: SubsidyRule[]) {
  if (!ids.length) return;
  await fillTerms(trx, ids);
  const loans = new Map((await trx.selectFrom('loan_account').select(['application_id', 'borrower_type', 'rate', 'lpr', 'subsidy_seq', 'extended'])
    .select(dateText('issue_date').as('issue')).where('application_id', 'in', [...ids]).execute())
    .map((l) => [l.application_id, l]));
  const periods = await trx.selectFrom('loan_period').select(['application_id', 'period', 'interest', 'state'])
    .select([dateText('due_date').as('due'), dateText('paid_on').as('paid')])
    .where('application_id', 'in', [...ids]).where('state', 'in', ['PAID', 'PAID_LATE']).where('subsidy', 'is', null).execute();
  if (!periods.length) return;
  const all = rules ?? (await loadRules(trx));
  const values = periods.map((p) => {
    const l = loans.get(p.application_id)!;
    const loan: SubsidyLoan = {
      borrowerType: l.borrower_type!, rate: String(l.rate), lpr: l.lpr === null ? '0' : String(l.lpr), issueDate: l.issue!, seq: l.subsidy_seq ?? 1, extended: l.extended,
    };
    const split = splitPeriod(all, loan, { dueDate: p.due!, paidOn: p.paid!, interest: Number(p.interest) });
    return sql`(${p.application_id}::int, ${p.period}::int, ${split.subsidy}::bigint, ${split.borrowerInterest}::bigint, ${split.ruleId}::int)`;
  });
  for (let i = 0; i < values.length; i += BATCH) {
    await sql`update loan_period p set subsidy = v.s, borrower_interest = v.b, subsidy_rule_id = v.r
      from (values ${sql.join(values.slice(i, i + BATCH))}) v(app, period, s, b, r) where p.application_id = v.app and p.period = v.period`.execute(trx);
  }
  // What was computed now, and nothing computed before, is added to the subsidy owed.
  for (let i = 0; i < periods.length; i += BATCH) {
    const chunk = periods.slice(i, i + BATCH);
    await tallyOwed(trx, sql`(p.application_id, p.period) in (select * from unnest(${chunk.map((p) => p.application_id)}::int[], ${chunk.map((p) => p.period)}::int[]))`, 1);
  }
}

/**
 * Takes back the subsidy of repaid periods not in any claim that match `where` (a rule or an LPR
 * changed under them) and computes it again.
 */
export async function recomputeUnclaimed(trx: Db, where: RawBuilder<boolean>) {
  const unclaimed = sql<boolean>`p.subsidy is not null and ${where} and not exists (select 1 from subsidy_claim_line c where c.application_id = p.application_id and c.period = p.period and not c.excluded)`;
  await tallyOwed(trx, unclaimed, -1);
  const reset = await sql<{ application_id: number }>`update loan_period p set subsidy = null, borrower_interest = null, subsidy_rule_id = null
    from loan_account l where l.application_id = p.application_id and ${unclaimed} returning p.application_id`.execute(trx);
  const ids = [...new Set(reset.rows.map((r) => r.application_id))];
  for (let i = 0; i < ids.length; i += BATCH) await computeSubsidies(trx, ids.slice(i, i + BATCH));
}

/** Takes back the subsidy owed on these loans' periods, whose accounts are about to be opened anew. */
export const dropSubsidies = (trx: Db, ids: readonly number[]) => tallyOwed(trx, sql`p.application_id = any(${[...ids]}::int[])`, -1);

const TALLY_KEY = sql`month, renshe_org_id, bank_org_id, guarantee_org_id, product_id`;

/** Adds (sign 1) or takes back (−1) the subsidy of the repaid periods `where` holds (over `loan_period p` and `loan_account l`) to the subsidy owed. */
async function tallyOwed(trx: Db, where: RawBuilder<boolean>, sign: 1 | -1) {
  await sql`insert into subsidy_tally as t (${TALLY_KEY}, owed, owed_n)
      select date_trunc('month', p.paid_on)::date, l.renshe_org_id, l.bank_org_id, l.guarantee_org_id, coalesce(a.product_id, 0), ${sign} * sum(p.subsidy), ${sign} * count(*)
      from loan_period p join loan_account l on l.application_id = p.application_id join application a on a.id = p.application_id
      where p.subsidy > 0 and ${where} group by 1, 2, 3, 4, 5
    on conflict (${TALLY_KEY}) do update set owed = t.owed + excluded.owed, owed_n = t.owed_n + excluded.owed_n`.execute(trx);
}

/** Adds (1) or takes back (−1) a claim's periods (not left out) to its claimed or paid figure, by each period's month of repayment. */
export async function tallyClaim(trx: Db, claimId: number, column: 'claimed' | 'paid', sign: 1 | -1) {
  // What is claimed is counted in periods too (what a bank may still claim is owed less claimed).
  const counted = column === 'claimed';
  await sql`insert into subsidy_tally as t (${TALLY_KEY}, ${sql.ref(column)}${counted ? sql`, claimed_n` : sql``})
      select date_trunc('month', p.paid_on)::date, l.renshe_org_id, l.bank_org_id, l.guarantee_org_id, coalesce(a.product_id, 0), ${sign} * sum(c.subsidy)
        ${counted ? sql`, ${sign} * count(*)` : sql``}
      from subsidy_claim_line c join loan_period p on p.application_id = c.application_id and p.period = c.period
        join loan_account l on l.application_id = c.application_id join application a on a.id = c.application_id
      where c.claim_id = ${claimId} and not c.excluded group by 1, 2, 3, 4, 5
    on conflict (${TALLY_KEY}) do update set ${sql.ref(column)} = t.${sql.ref(column)} + excluded.${sql.ref(column)}
      ${counted ? sql`, claimed_n = t.claimed_n + excluded.claimed_n` : sql``}`.execute(trx);
}
