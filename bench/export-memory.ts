/**
 * Peak memory of a 50,000-row workbench export (the 15 columns of businessClubFirstTrial/exportAll):
 * the rows are built first, then the .xlsx is written by upstream/core/export.ts; prints the
 * peak RSS and heap above the rows' own baseline while the file is written, and the file's size.
 *   node --expose-gc --import tsx bench/export-memory.ts [--rows 50000]
 */
import { xlsxFile } from '../upstream/core/export';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ROWS = arg('rows', 50_000);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const header = ['申请编号', '姓名', '身份证号', '手机号', '借款人类型', '申请金额', '期限', '担保方式', '状态', '经办人', '截止时间', '超时', '担保公司', '银行', '创建时间'];
const rows = Array.from({ length: ROWS }, (_, i) => [
  `SQ20261124${String(i).padStart(7, '0')}`, `申请人${i}`, `430***********${String(1000 + (i % 9000))}`, `138****${String(i % 10000).padStart(4, '0')}`, '个人',
  100_000 + (i % 200) * 1000, 24, '免担保（信用）', '审核中 · 人社初审', `经办人${i % 50}`, '2026-11-27 18:00', i % 7 ? '否' : '是',
  '长沙鑫诚融资担保有限公司', '中国工商银行长沙分行', '2026-11-20 09:30',
]);

gc();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const sample = () => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
};
const timer = setInterval(sample, 5);
const started = performance.now();
const file = await xlsxFile('工作台导出', new Date(), [{ name: '工作台导出', header, rows, widths: header.map(() => 16) }]);
sample();
clearInterval(timer);
const ms = performance.now() - started;
console.log(`rows ${ROWS}, file ${(file.bytes.byteLength / MB).toFixed(1)} MB, ${ms.toFixed(0)} ms`);
console.log(`baseline with rows: rss ${(base.rss / MB).toFixed(0)} MB, heap ${(base.heapUsed / MB).toFixed(0)} MB`);
console.log(`peak while writing, above baseline: rss +${((peakRss - base.rss) / MB).toFixed(0)} MB, heap +${((peakHeap - base.heapUsed) / MB).toFixed(0)} MB`);
