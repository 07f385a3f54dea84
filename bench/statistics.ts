/**
 * The statistics calls (statisticsForm, its Unfold and Export, loanCountStatistics) on a
 * database loaded with `npm run seed:applications`: p50/p95 over repeated calls for an
 * administrator and for reviewers of one bank and one guarantee company. Prints each figure
 * and its ratio to the 500 ms budget of a statistics answer.
 *
 *   npx tsx bench/statistics.ts --database-url URL [--calls 20]
 *   DATA_DIR=/path npx tsx bench/statistics.ts            (PGlite in DATA_DIR/pglite)
 *
 * It also times every shape of 申请统计 (applyStatistics: form by each dimension, unfold by
 * each kind of figure, export) and of 报表 (reportStatistics, bankStatistics, employmentForm with
 * its unfold and export, getBondingCompanyList and its export); `--only apply` (any part of a call path) times
 * just those calls. `--no-migrate` leaves the database's schema alone (a shared database that other versions
 * of the service migrate as well): the 申请统计 forms then need migration 0024's rollups and the
 * unfold of a stage's waits its stage_wait_case already there.
 *
 * A database of 1,000,000 applications in about half an hour (PostgreSQL; see bench/README.md,
 * 'Many applications'):
 *
 *   npm run seed:applications -- --count 100000 --database-url URL
 *   npm run seed:applications -- --grow-to 1000000 --database-url URL
 *   psql URL -c 'vacuum analyze'      (without autovacuum: the index-only scans need the visibility map)
 */
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../upstream/db';
import { percentile, timeCalls } from './timing';
import { inProcess } from './in-process';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, calls: { type: 'string', default: '20' }, 'no-migrate': { type: 'boolean', default: false }, only: { type: 'string' } },
});
const CALLS = Number(values.calls);
const BUDGET_MS = 500;
const databaseUrl = values['database-url'] || process.env.DATABASE_URL || undefined;

const database = await openDatabase({ databaseUrl, dataDir: `${process.env.DATA_DIR || './.data'}/pglite` });
if (!values['no-migrate']) await migrate(database.db);
const { call, login } = inProcess(database.db);

const { n } = await database.db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const tokens = { admin: await login('admin'), bank: await login('bank'), guarantee: await login('guarantee') };
const bank = (await database.db.selectFrom('app_user').select('org_id').where('username', '=', 'bank').executeTakeFirstOrThrow()).org_id;
const month = (await call('businessClubFirstTrial/statisticsForm', { side: 'bank' }, tokens.admin)).data.byMonth.filter((m: { total: number }) => m.total > 0).at(-2).month as string;
// A region, client group, product and refusal reason the data holds (the filters' own options).
const applyForm = (await call('applyStatistics/form', {}, tokens.admin)).data;
const region = applyForm.options.regions[0]?.code as string;
const clientGroupId = applyForm.options.clientGroups[0]?.id as number;
const productId = (applyForm.options.products[0]?.id ?? 1) as number;
const refuseReasonId = applyForm.refusals[0]?.reasonId as number;

type Shape = [label: string, path: string, body: Record<string, unknown>, who: keyof typeof tokens];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const form = 'businessClubFirstTrial/statisticsForm';
const unfold = 'businessClubFirstTrial/statisticsFormUnfold';
const shapes: Shape[] = [
  ['admin bank statistics, 12 months', form, { side: 'bank' }, 'admin'],
  ['admin institution statistics', form, { side: 'guarantee' }, 'admin'],
  ['admin one month', form, { side: 'bank', dateFrom: `${month}-01`, dateTo: `${month}-28` }, 'admin'],
  ['admin one bank, small companies', form, { side: 'bank', orgId: bank, borrowerType: 'SMALL_COMPANY' }, 'admin'],
  ['bank reviewer, own bank', form, { side: 'bank' }, 'bank'],
  ['guarantee reviewer, own company', form, { side: 'guarantee' }, 'guarantee'],
  ['bank loan count, persons', 'businessClubFirstTrial/loanCountStatisticsPerson', { side: 'bank' }, 'bank'],
  ['bank unfold: month, loaned', unfold, { side: 'bank', month, status: 'LOANED', pageNum: 3, pageSize: 10 }, 'bank'],
  ['bank unfold: stage, overdue', unfold, { side: 'bank', orgId: bank, stage: 'BANK_FIRST', overdue: true, pageNum: 1, pageSize: 10 }, 'bank'],
  ['admin statistics export (.xlsx)', 'businessClubFirstTrial/statisticsFormExport', { side: 'bank' }, 'admin'],
  // 申请统计 and 报表 (summary tables kept by triggers for unlimited scopes).
  ['apply: 12 months by month', 'applyStatistics/form', {}, 'admin'],
  ['apply: 36 months by month', 'applyStatistics/form', { dateFrom: `${Number(month.slice(0, 4)) - 2}${month.slice(4)}-01`, dateTo: `${month}-28` }, 'admin'],
  ['apply: 92 days by day', 'applyStatistics/form', { unit: 'day', dateFrom: `${month}-01`, dateTo: isoDay(Date.parse(`${month}-01`) + 91 * 86_400_000) }, 'admin'],
  ['apply: one product, by week', 'applyStatistics/form', { unit: 'week', productId, dateFrom: `${month}-01`, dateTo: `${month}-28` }, 'admin'],
  ['apply: one region, 12 months', 'applyStatistics/form', { region }, 'admin'],
  ['apply: one client group, by week', 'applyStatistics/form', { unit: 'week', clientGroupId }, 'admin'],
  ['apply unfold: renshe passed', 'applyStatistics/unfold', { step: 'renshePassed', pageNum: 2, pageSize: 10 }, 'admin'],
  ['apply unfold: one month, loaned', 'applyStatistics/unfold', { from: `${month}-01`, to: `${month}-28`, step: 'loaned', pageNum: 1, pageSize: 10 }, 'admin'],
  ['apply unfold: stage waits', 'applyStatistics/unfold', { stage: 'BANK_FIRST', pageNum: 1, pageSize: 10 }, 'admin'],
  ['apply unfold: refusal reason', 'applyStatistics/unfold', { refuseReasonId, pageNum: 1, pageSize: 10 }, 'admin'],
  ['apply unfold: overdue', 'applyStatistics/unfold', { status: 'IN_REVIEW', overdue: true, pageNum: 1, pageSize: 10 }, 'admin'],
  ['apply unfold: one region, product', 'applyStatistics/unfold', { region, productId, pageNum: 1, pageSize: 10 }, 'admin'],
  ['apply export (.xlsx)', 'applyStatistics/export', {}, 'admin'],
  ['report: 12 months', 'reportStatistics/form', {}, 'admin'],
  ['report: one region', 'reportStatistics/form', { region }, 'admin'],
  ['report: per bank', 'bankStatistics/form', {}, 'admin'],
  ['report export (.xlsx)', 'reportStatistics/export', {}, 'admin'],
  ['report: jobs created', 'businessClubFirstTrial/employmentForm', {}, 'admin'],
  ['jobs unfold: month, key groups', 'businessClubFirstTrial/employmentFormUnfold', { month, keyGroup: true, pageNum: 2, pageSize: 10 }, 'admin'],
  ['jobs unfold: small companies', 'businessClubFirstTrial/employmentFormUnfold', { borrowerType: 'SMALL_COMPANY', pageNum: 1, pageSize: 10 }, 'admin'],
  ['jobs export (.xlsx)', 'businessClubFirstTrial/employmentFormExport', {}, 'admin'],
  ['report: guarantee balances', 'businessClubFirstTrial/getBondingCompanyList', {}, 'admin'],
  ['guarantee reviewer: balances', 'businessClubFirstTrial/getBondingCompanyList', {}, 'guarantee'],
  ['guarantee balances export (.xlsx)', 'guaranteeCompany/export', {}, 'admin'],
  ['loan count: small companies', 'businessClubFirstTrial/loanCountStatisticsSmallCompany', { side: 'bank' }, 'admin'],
  ['loan count: partnerships', 'businessClubFirstTrial/loanCountStatisticsPartnership', { side: 'guarantee' }, 'guarantee'],
  ['loan count export (.xlsx)', 'businessClubFirstTrial/loanCountStatisticsExport', { side: 'bank' }, 'admin'],
];

console.log(`${database.kind}: ${Number(n).toLocaleString('en-US')} applications, ${CALLS} calls per shape, budget ${BUDGET_MS} ms (p95)`);
const all: number[] = [];
// `--only apply` (or report, statistics...): the shapes whose call path contains it.
for (const [label, path, body, who] of shapes.filter(([, path]) => !values.only || path.toLowerCase().includes(values.only.toLowerCase()))) {
  const first = await call(path, body, tokens[who]);
  if (first.code !== 200) throw new Error(`${label}: ${first.code} ${first.message}`);
  const times = await timeCalls(CALLS, label, () => call(path, body, tokens[who]));
  all.push(...times);
  const pct = (p: number) => percentile(times, p);
  const counted = first.data.summary?.total ?? first.data.totals?.loans ?? first.data.total ?? first.data.list?.length ?? `${first.data.size} B`;
  console.log(`  ${label.padEnd(34)} ${String(counted).padStart(9)}  p50 ${pct(0.5).toFixed(0).padStart(5)} ms  p95 ${pct(0.95).toFixed(0).padStart(5)} ms  ratio ${(pct(0.95) / BUDGET_MS).toFixed(2)}`);
}
all.sort((a, b) => a - b);
const p95 = all[Math.floor(all.length * 0.95)]!;
console.log(`all shapes: p50 ${all[Math.floor(all.length / 2)]!.toFixed(0)} ms  p95 ${p95.toFixed(0)} ms  ratio ${(p95 / BUDGET_MS).toFixed(2)}`);
await database.close();
