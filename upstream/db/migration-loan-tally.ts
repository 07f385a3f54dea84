import { sql, type Kysely } from 'kysely';

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

  // One loan (sign 1) or its removal (-1): the loan row with its people, and its subsidy over its term.
  await sql`create function loan_tally_apply(a application, sign integer) returns void language plpgsql as $$ begin
      insert into loan_tally as t
        select date_trunc('month', a.loan_date)::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id, coalesce(a.product_id, 0), sign,
          sign * coalesce(a.loan_amount, 0), sign * (1 + count(*) filter (where p.role = 'PARTNER')),
          sign * count(*) filter (where p.role = 'EMPLOYEE'), sign * count(*) filter (where p.role = 'EMPLOYEE' and p.key_group)
        from (select 1) one left join application_person p on p.application_id = a.id and p.role in ('PARTNER', 'EMPLOYEE')
      on conflict (month, renshe_org_id, bank_org_id, guarantee_org_id, product_id) do update set loans = t.loans + excluded.loans,
        amount = t.amount + excluded.amount, people = t.people + excluded.people, employees = t.employees + excluded.employees,
        key_employees = t.key_employees + excluded.key_employees;
      insert into subsidy_tally as t
        select (date_trunc('month', a.loan_date) + make_interval(months => m))::date, a.renshe_org_id, a.bank_org_id, a.guarantee_org_id,
          coalesce(a.product_id, 0), sign, sign * round(coalesce(a.loan_amount, 0) * a.rate / 12 * coalesce(lp.subsidy_share, 0), 2)
        from generate_series(0, a.term_months - 1) m left join loan_product lp on lp.id = a.product_id
      on conflict (month, renshe_org_id, bank_org_id, guarantee_org_id, product_id) do update set loans = t.loans + excluded.loans, subsidy = t.subsidy + excluded.subsidy;
    end $$`.execute(db);
  await sql`create function loan_tally() returns trigger language plpgsql as $$ begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'LOANED' and old.loan_date is not null then perform loan_tally_apply(old, -1); end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'LOANED' and new.loan_date is not null then perform loan_tally_apply(new, 1); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger loan_tally_insert after insert or delete on application for each row execute function loan_tally()`.execute(db);
  await sql`create trigger loan_tally_update after update on application for each row
    when ((old.status = 'LOANED' or new.status = 'LOANED') and (old.status, old.loan_date, old.loan_amount, old.term_months, old.rate, old.product_id, old.renshe_org_id, old.bank_org_id, old.guarantee_org_id)
      is distinct from (new.status, new.loan_date, new.loan_amount, new.term_months, new.rate, new.product_id, new.renshe_org_id, new.bank_org_id, new.guarantee_org_id))
    execute function loan_tally()`.execute(db);
  // People of a loaned case added or removed afterwards (the bulk loader writes the case before its people).
  await sql`create function loan_tally_person() returns trigger language plpgsql as $$
    declare p application_person; s integer; begin
      if tg_op = 'INSERT' then p := new; s := 1; else p := old; s := -1; end if;
      update loan_tally t set people = t.people + s * (p.role = 'PARTNER')::int, employees = t.employees + s * (p.role = 'EMPLOYEE')::int,
          key_employees = t.key_employees + s * (p.role = 'EMPLOYEE' and p.key_group)::int
        from application a where a.id = p.application_id and a.status = 'LOANED' and a.loan_date is not null
          and t.month = date_trunc('month', a.loan_date)::date and t.renshe_org_id = a.renshe_org_id and t.bank_org_id = a.bank_org_id
          and t.guarantee_org_id = a.guarantee_org_id and t.product_id = coalesce(a.product_id, 0);
      return null;
    end $$`.execute(db);
  await sql`create trigger loan_tally_person_insert after insert on application_person for each row
    when (new.role in ('PARTNER', 'EMPLOYEE')) execute function loan_tally_person()`.execute(db);
  await sql`create trigger loan_tally_person_delete after delete on application_person for each row
    when (old.role in ('PARTNER', 'EMPLOYEE')) execute function loan_tally_person()`.execute(db);

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
