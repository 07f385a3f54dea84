import { sql, type Kysely } from 'kysely';
import { statementTriggers } from './migration-tally';

/**
 * The monthly report's summary tables, kept exact by triggers in the transaction of every write:
 *
 * - loan_tally: loans issued per month of issue, bureau, bank, guarantee company and product,
 *   with their amount, the people they support (the borrower and the partners) and the jobs
 *   they created (the borrowers' employees, and of them those hired from the key groups);
 * - subsidy_tally: the interest subsidy owed per month: each loan, in every month of its term,
 *   owes the month's interest on the amount issued (rate / 12) times its product's subsidy share.
 *
 * A case counts once it is LOANED; people added to or removed from a loaned case move the tally too.
 */
const KEY = 'month, renshe_org_id, bank_org_id, guarantee_org_id, product_id';

/**
 * The loan tally's trigger statement for loans (sign 1) or their removal (-1): the loans with
 * their people, and (until 0041 replaced it with the subsidy of the periods repaid) the old
 * estimate of their subsidy over their terms.
 */
export const loanTallySql = (rows: string, sign: number, subsidy = true) => `
      insert into loan_tally as t
        select date_trunc('month', a.loan_date)::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id, coalesce(a.product_id, 0), ${sign} * count(*),
          ${sign} * coalesce(sum(a.loan_amount), 0), ${sign} * sum(1 + coalesce(p.partners, 0)), ${sign} * sum(coalesce(p.employees, 0)), ${sign} * sum(coalesce(p.key_employees, 0))
        from ${rows} a left join (
          select application_id, count(*) filter (where role = 'PARTNER') as partners, count(*) filter (where role = 'EMPLOYEE') as employees,
            count(*) filter (where role = 'EMPLOYEE' and key_group) as key_employees
          from application_person where role in ('PARTNER', 'EMPLOYEE') and application_id in (select id from ${rows} where status = 'LOANED') group by application_id
        ) p on p.application_id = a.id
        where a.status = 'LOANED' and a.loan_date is not null group by 1, 2, 3, 4, 5
      on conflict (${KEY}) do update set loans = t.loans + excluded.loans, amount = t.amount + excluded.amount, people = t.people + excluded.people,
        employees = t.employees + excluded.employees, key_employees = t.key_employees + excluded.key_employees;
${subsidy ? `
      insert into subsidy_tally as t
        select (date_trunc('month', a.loan_date) + make_interval(months => m))::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id,
          coalesce(a.product_id, 0), ${sign} * count(*), ${sign} * sum(round(coalesce(a.loan_amount, 0) * a.rate / 12 * coalesce(lp.subsidy_share, 0), 2))
        from ${rows} a cross join lateral generate_series(0, a.term_months - 1) m left join loan_product lp on lp.id = a.product_id
        where a.status = 'LOANED' and a.loan_date is not null group by 1, 2, 3, 4, 5
      on conflict (${KEY}) do update set loans = t.loans + excluded.loans, subsidy = t.subsidy + excluded.subsidy;` : ''}`;

export async function createLoanTallies(db: Kysely<any>) {
  await db.schema.alterTable('application_person').addColumn('key_group', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await sql`create table loan_tally (
      month date not null, renshe_org_id integer not null, bank_org_id integer not null, guarantee_org_id integer not null, product_id integer not null,
      loans integer not null, amount numeric(18, 2) not null, people integer not null, employees integer not null, key_employees integer not null,
      primary key (month, renshe_org_id, bank_org_id, guarantee_org_id, product_id))`.execute(db);
  await sql`create table subsidy_tally (
      month date not null, renshe_org_id integer not null, bank_org_id integer not null, guarantee_org_id integer not null, product_id integer not null,
      loans integer not null, subsidy numeric(18, 2) not null,
      primary key (month, renshe_org_id, bank_org_id, guarantee_org_id, product_id))`.execute(db);

  const loans = (rows: string, sign: number) => loanTallySql(rows, sign);
  await statementTriggers(db, 'application', 'loan_tally', loans);
  // People of loaned cases added or removed (the bulk loader writes a case before its people).
  const people = (rows: string, sign: number) => `
      insert into loan_tally as t
        select date_trunc('month', a.loan_date)::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id, coalesce(a.product_id, 0), 0, 0,
          ${sign} * count(*) filter (where p.role = 'PARTNER'), ${sign} * count(*) filter (where p.role = 'EMPLOYEE'),
          ${sign} * count(*) filter (where p.role = 'EMPLOYEE' and p.key_group)
        from ${rows} p join application a on a.id = p.application_id
        where p.role in ('PARTNER', 'EMPLOYEE') and a.status = 'LOANED' and a.loan_date is not null group by 1, 2, 3, 4, 5
      on conflict (${KEY}) do update set people = t.people + excluded.people, employees = t.employees + excluded.employees,
        key_employees = t.key_employees + excluded.key_employees;`;
  await statementTriggers(db, 'application_person', 'loan_tally_person', people);

  await sql`insert into loan_tally
      select date_trunc('month', a.loan_date)::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id, coalesce(a.product_id, 0), count(*),
        coalesce(sum(a.loan_amount), 0), sum(1 + coalesce(p.partners, 0)), sum(coalesce(p.employees, 0)), sum(coalesce(p.key_employees, 0))
      from application a left join (
        select application_id, count(*) filter (where role = 'PARTNER') as partners, count(*) filter (where role = 'EMPLOYEE') as employees,
          count(*) filter (where role = 'EMPLOYEE' and key_group) as key_employees
        from application_person where role in ('PARTNER', 'EMPLOYEE') group by application_id) p on p.application_id = a.id
      where a.status = 'LOANED' and a.loan_date is not null group by 1, 2, 3, 4, 5`.execute(db);
  await sql`insert into subsidy_tally
      select (date_trunc('month', a.loan_date) + make_interval(months => m))::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id,
        coalesce(a.product_id, 0), count(*), sum(round(coalesce(a.loan_amount, 0) * a.rate / 12 * coalesce(lp.subsidy_share, 0), 2))
      from application a cross join lateral generate_series(0, a.term_months - 1) m left join loan_product lp on lp.id = a.product_id
      where a.status = 'LOANED' and a.loan_date is not null group by 1, 2, 3, 4, 5`.execute(db);
}
