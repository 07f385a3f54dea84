import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { log } from '../../../lib/http/log';
import { computeSubsidies, loadRules } from './terms';

type Db = Kysely<Database>;
const BATCH = 1000;

/**
 * Gives the loan accounts opened before the subsidy existed (migration 0041; imported loans
 * among them) their borrower type's rule: their terms, and the subsidy of every period repaid.
 * Each batch of 1,000 loans is its own short transaction; run again, it finds nothing to do.
 * Answers the number of loans filled.
 */
export async function fillSubsidies(db: Db): Promise<number> {
  const rules = await loadRules(db);
  let filled = 0;
  for (;;) {
    const ids = (await db.selectFrom('loan_account').select('application_id').where('borrower_type', 'is', null)
      .orderBy('application_id').limit(BATCH).execute()).map((r) => r.application_id);
    if (!ids.length) break;
    await db.transaction().execute((trx) => computeSubsidies(trx, ids, rules));
    filled += ids.length;
  }
  if (filled) log.info({ filled }, 'loan accounts given their subsidy terms');
  return filled;
}
