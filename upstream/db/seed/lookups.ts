import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Demo real-time errors: three cases under review whose lookups failed at intake (a credit
 * report that timed out, an insurance bureau that answered 503, one retried twice already),
 * so the errors screen has rows to search and retry against the simulated sources.
 */
export async function seedLookupDemo(trx: Kysely<Database>) {
  const cases = await trx.selectFrom('application').select(['id', 'created_at']).where('status', '=', 'IN_REVIEW').orderBy('id').limit(3).execute();
  const errors = [
    { source: 'CREDIT', code: 'TIMEOUT', message_key: 'lookup.timeout', message_params: {}, retries: 0 },
    { source: 'INSURANCE', code: 'HTTP_503', message_key: 'lookup.http', message_params: { status: 503 }, retries: 0 },
    { source: 'INSURANCE', code: 'UNREACHABLE', message_key: 'lookup.unreachable', message_params: {}, retries: 2 },
  ] as const;
  if (!cases.length) return;
  await trx.insertInto('lookup_error').values(cases.map((c, i) => ({
    application_id: c.id, trigger: 'INTAKE' as const, ...errors[i]!, message_params: JSON.stringify(errors[i]!.message_params),
    created_at: c.created_at, updated_at: c.created_at,
  }))).execute();
}
