/**
 * The historical-data import (sysImportHistory) of 10,000 loans: the check call and the import
 * call on the same file, through the service, on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL;
 * PGlite alone without one). Prints each time and the ratio of check + import to the 10 s budget.
 *   npx tsx bench/import.ts [--rows 10000]
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { createUpstreamApp } from '../upstream/app';
import { migrate, openDatabase, type OpenDatabase } from '../upstream/db';
import { seedDemo, seedReference } from '../upstream/db/seed';
import { idCheckDigit } from '../lib/workflow/id-number';

const index = process.argv.indexOf('--rows');
const ROWS = index > 0 ? Number(process.argv[index + 1]) : 10_000;
const BUDGET_MS = 10_000;
const HEADER = ['贷款编号', '借款人', '身份证号', '手机号', '借款人类型', '担保方式', '贷款金额（元）', '贷款期限（月）', '年利率', '放款日期', '人社局', '担保公司', '银行', '人员类别'];

async function file(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('历史数据');
  sheet.addRow(HEADER);
  for (let i = 0; i < ROWS; i += 1) {
    const first17 = `43010219${String(70 + (i % 25))}0${1 + (i % 9)}1${i % 10}${String(i % 1000).padStart(3, '0')}`;
    sheet.addRow([`HB${String(i).padStart(8, '0')}`, `借款人${i}`, first17 + idCheckDigit(first17), `139${String(i).padStart(8, '0')}`, '个人', '保证人担保',
      50_000 + (i % 100) * 1000, 24, 0.0435, `20${18 + (i % 6)}-0${1 + (i % 9)}-1${i % 10}`, '长沙市人力资源和社会保障局', '长沙鑫诚融资担保有限公司',
      i % 2 ? '中国工商银行长沙分行' : '中国建设银行长沙分行', '高校毕业生']);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function run(label: string, database: OpenDatabase, bytes: Uint8Array) {
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db);
  const app = createUpstreamApp(database.db);
  const login = await (await app.fetch(new Request('http://bench/api/admin/login', {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '127.0.0.1' }, body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  }))).json() as { data: { token: string } };
  const send = async (path: string) => {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'bench.xlsx'));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const answer = await (await app.fetch(new Request(`http://bench/api/${path}`, { method: 'POST', body: form, headers: { token: login.data.token, 'x-client-ip': '127.0.0.1' } }))).json() as { code: number; data: any; message: string };
    if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}: ${answer.message} ${JSON.stringify(answer.data)?.slice(0, 400)}`);
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, data: answer.data };
  };
  const check = await send('sysImportHistory/check');
  if (check.data.errors.length) throw new Error(`the bench file has errors: ${JSON.stringify(check.data.errors.slice(0, 3))}`);
  const first = await send('sysImportHistory/importAll');
  const again = await send('sysImportHistory/importAll');
  const total = check.ms + first.ms;
  console.log(`${label}: ${ROWS} rows (${(bytes.byteLength / 1024).toFixed(0)} KB)  check ${check.ms.toFixed(0)} ms  import ${first.ms.toFixed(0)} ms (created ${first.data.created})  `
    + `re-import ${again.ms.toFixed(0)} ms (updated ${again.data.updated})  check + import ${total.toFixed(0)} ms  ratio ${(total / BUDGET_MS).toFixed(2)}`);
  // On a shared machine the wall time includes waiting for a core: the service's own CPU time tells the two apart.
  console.log(`  service CPU: check ${check.cpuMs.toFixed(0)} ms, import ${first.cpuMs.toFixed(0)} ms; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
}

const bytes = await file();
const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await openDatabase({ databaseUrl: url, schema });
  try {
    await run('PostgreSQL', pg, bytes);
  } finally {
    await sql.raw(`drop schema ${schema} cascade`).execute(pg.db);
    await pg.close();
  }
} else {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try { await run('PGlite', pglite, bytes); } finally { await pglite.close(); }
}
