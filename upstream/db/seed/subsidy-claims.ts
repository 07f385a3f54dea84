import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { chinaToday, daysBefore } from '../../core/china-time';
import { quarterDays } from '../../../lib/workflow/subsidy';
import { lockClaim, payClaim, propose, reviewClaim, submitClaim, type Actor } from '../../modules/subsidy/claims';

type Db = Kysely<Database>;

/**
 * The demo bank's subsidy claims, so that 贴息管理 shows each kind on a fresh install: of the
 * ended quarters with periods repaid on time, the third newest claimed, checked, approved by a
 * second person and paid; the second newest submitted and waiting for renshe's check; the newest
 * left for the bank to claim. Each step is the service's own, with its audit.
 */
export async function seedSubsidyDemo(db: Db, now: Date = new Date()) {
  const people = new Map((await db.selectFrom('app_user').select(['id', 'username', 'org_id']).where('username', 'in', ['bank', 'renshe', 'renshe2']).execute())
    .map((u) => [u.username, { user: { id: u.id, orgId: u.org_id }, now } satisfies Actor]));
  const bank = people.get('bank'), renshe = people.get('renshe'), renshe2 = people.get('renshe2');
  if (!bank?.user.orgId || !renshe || !renshe2) return;
  const today = chinaToday(now);
  const { rows } = await sql<{ year: number; quarter: number }>`
    select distinct extract(year from p.paid_on)::int as year, extract(quarter from p.paid_on)::int as quarter
    from loan_period p join loan_account l on l.application_id = p.application_id
    where p.subsidy > 0 and l.bank_org_id = ${bank.user.orgId} order by 1 desc, 2 desc`.execute(db);
  const ended = rows.filter((q) => quarterDays(q.year, q.quarter).to < today);
  if (ended.length < 3) return;
  const [, waiting, paid] = ended as [unknown, { year: number; quarter: number }, { year: number; quarter: number }];
  await db.transaction().execute(async (trx) => {
    const locked = async (id: number) => lockClaim(trx, id, (await trx.selectFrom('subsidy_claim').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
    for (const id of await propose(trx, bank, { ...paid, key: randomUUID() })) {
      await submitClaim(trx, bank, await locked(id));
      await reviewClaim(trx, renshe, await locked(id), { decision: 'APPROVE', opinion: '材料齐全，同意' });
      await reviewClaim(trx, renshe2, await locked(id), { decision: 'APPROVE', opinion: '复核无误' });
      const claim = await locked(id);
      await payClaim(trx, renshe, claim, { paidOn: daysBefore(today, 10), amount: Number(claim.amount) / 100, voucherNo: `CZ${paid.year}-${String(id).padStart(4, '0')}` });
    }
    for (const id of await propose(trx, bank, { ...waiting, key: randomUUID() })) await submitClaim(trx, bank, await locked(id));
  });
}
