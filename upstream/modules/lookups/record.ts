import { sql, type Kysely } from 'kysely';
import type { Database, LookupSource, LookupTrigger } from '../../db/schema';
import type { SourceName } from '../../integrations/types';
import type { InsuranceRecord } from '../../integrations/types';
import type { Outside } from '../risk/checks';

type Db = Kysely<Database>;

const SOURCE_OF: Record<SourceName, LookupSource> = { insurance: 'INSURANCE', credit: 'CREDIT' };

/**
 * What one round of lookups leaves behind, inside the caller's transaction: the insurance
 * record read is cached on the application with its read time; each failure opens (or, when
 * one is open, updates and counts as a retry) the application's real-time error of that
 * source; each source that answered resolves its open error.
 */
export async function recordLookups(db: Db, applicationId: number, outside: Outside, asked: readonly SourceName[], trigger: LookupTrigger,
  who: { id: number } | null, now: Date) {
  if (outside.insurance) await cacheInsurance(db, applicationId, outside.insurance, now);
  for (const source of asked) {
    const failure = outside.failures[source];
    if (failure) {
      await db.insertInto('lookup_error').values({
        application_id: applicationId, source: SOURCE_OF[source], trigger, code: failure.code, message_key: failure.key,
        message_params: JSON.stringify(failure.params), created_at: now, updated_at: now,
      }).onConflict((oc) => oc.columns(['application_id', 'source']).where('resolved_at', 'is', null).doUpdateSet({
        trigger, code: failure.code, message_key: failure.key, message_params: JSON.stringify(failure.params),
        retries: sql`lookup_error.retries + 1`, version: sql`lookup_error.version + 1`, updated_at: now,
      })).execute();
    } else if (outside[source]) {
      await db.updateTable('lookup_error').set({
        resolved_at: now, resolved_by: who?.id ?? null, retries: sql`retries + 1`, version: sql`version + 1`, updated_at: now,
      }).where('application_id', '=', applicationId).where('source', '=', SOURCE_OF[source]).where('resolved_at', 'is', null).execute();
    }
  }
}

async function cacheInsurance(db: Db, applicationId: number, record: InsuranceRecord, now: Date) {
  const values = {
    insured: record.insured, months_paid: record.monthsPaid, employer: record.employer, last_month_paid: record.lastMonthPaid,
    simulated: record.simulated, read_at: now,
  };
  await db.insertInto('application_insurance').values({ application_id: applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(values)).execute();
}
