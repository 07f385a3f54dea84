import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSettings } from '../../options';
import { PUSH_EVENTS, type PushEvent } from '../../../lib/workflow/push';

type Trx = Kysely<Database>;

/** Whether a case's new status is an event push targets may subscribe to. */
export const isPushEvent = (status: string): status is PushEvent => (PUSH_EVENTS as readonly string[]).includes(status);

/**
 * Writes one outbox row per enabled target subscribed to `event`, inside the caller's
 * transaction (the action's): the rows exist exactly when the action does. The body is fixed
 * here, so every attempt sends the same bytes under the same idempotency key. It carries the
 * case's number, state and amounts, never the person's ID number or mobile.
 */
export async function enqueueEvent(trx: Trx, applicationId: number, event: PushEvent, now: Date, settings: PushSettings): Promise<number> {
  const targets = await trx.selectFrom('push_target').select('id')
    .where('state', '=', 'ENABLED').where(sql<boolean>`events @> ${JSON.stringify([event])}::jsonb`).orderBy('id').execute();
  if (targets.length === 0) return 0;
  const app = await trx.selectFrom('application as a')
    .innerJoin('organization as b', 'b.id', 'a.bank_org_id')
    .innerJoin('organization as g', 'g.id', 'a.guarantee_org_id')
    .leftJoin('refuse_reason as r', 'r.id', 'a.refuse_reason_id')
    .select(['a.id', 'a.number', 'a.status', 'a.borrower_type', 'a.amount', 'a.term_months', 'a.guarantee_method', 'a.loan_amount', 'a.version',
      'a.repayment_state', 'a.overdue_days', 'b.name as bank', 'g.name as guarantee', 'r.content as refuseReason'])
    .select(sql<string | null>`to_char(a.loan_date, 'YYYY-MM-DD')`.as('loan_date'))
    .where('a.id', '=', applicationId).executeTakeFirstOrThrow();
  const rows = targets.map((target) => {
    const key = randomUUID();
    const body = JSON.stringify({
      id: key,
      event,
      occurredAt: now.toISOString(),
      application: {
        number: app.number, status: app.status, borrowerType: app.borrower_type, amount: Number(app.amount), termMonths: app.term_months,
        guaranteeMethod: app.guarantee_method, bank: app.bank, guarantee: app.guarantee,
        loanAmount: app.loan_amount === null ? null : Number(app.loan_amount), loanDate: app.loan_date,
        refuseReason: event === 'REFUSED' ? app.refuseReason : null, version: app.version,
        ...(event === 'REPAYMENT' ? { repayment: { state: app.repayment_state, overdueDays: app.overdue_days } } : {}),
      },
    });
    return {
      kind: 'EVENT' as const, target_id: target.id, application_id: app.id, application_number: app.number, event, payload: body,
      idempotency_key: key, attempt_limit: settings.maxAttempts, next_attempt_at: now, created_at: now, updated_at: now,
    };
  });
  await trx.insertInto('push_outbox').values(rows).execute();
  return rows.length;
}
