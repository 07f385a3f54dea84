import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo guarantee companies' funds (DOMAIN.md section 6): what each put in, from where and
 * when, in whole fen, so the 担保基金 page shows balances and leverage on a fresh install. Large
 * enough (leverage at most 5) that the demo loans and the tests' new guarantees stay within it.
 */
const CONTRIBUTIONS: Record<string, { day: string; fen: number; source: string }[]> = {
  长沙鑫诚融资担保有限公司: [
    { day: '2023-12-20', fen: 1_500_000_000, source: '股东出资' },
    { day: '2024-06-28', fen: 1_000_000_000, source: '财政注资' },
    { day: '2025-12-30', fen: 500_000_000, source: '财政注资' },
  ],
  湖南汇通融资担保有限公司: [
    { day: '2024-03-15', fen: 1_200_000_000, source: '股东出资' },
    { day: '2025-09-30', fen: 800_000_000, source: '再担保机构拨付' },
  ],
};

export async function seedFundDemo(trx: Kysely<Database>) {
  const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const orgs = await trx.selectFrom('organization').select(['id', 'name']).where('type', '=', 'GUARANTEE').where('name', 'in', Object.keys(CONTRIBUTIONS)).execute();
  const rows = orgs.flatMap((org) => CONTRIBUTIONS[org.name]!.map((c, i) => ({
    org_id: org.id, kind: 'CONTRIBUTION' as const, day: c.day, amount: c.fen, source: c.source, application_id: null,
    recorded_by: admin?.id ?? null, client_key: `demo-fund-${org.id}-${i + 1}`,
  })));
  if (rows.length) await trx.insertInto('guarantee_fund_entry').values(rows).onConflict((oc) => oc.column('client_key').doNothing()).execute();
}
