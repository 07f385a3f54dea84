import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { accessInputs } from '../../lib/contract/access-cases';
import { methodsOf } from '../../lib/contract/call';
import { describeUpstream } from './harness';
import { createCase } from './workflow-fixtures';
import { SPECS } from './refusal-cases';

/** A date or a time written as text: what a spreadsheet cannot sort or filter as a date. */
const DATE_TEXT = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2})?)?$/;
const EXPORT_TIMEOUT = 120_000;

/**
 * Every .xlsx export writes its dates, months and times as date cells (shown as days, months or
 * times), never as text: the ledger's loan dates, the statistics' and report's months, the
 * application statistics' periods, the workbench's and the logs' times.
 */
describeUpstream('exports write dates as date cells', (up) => {
  let admin: string;
  beforeAll(async () => {
    admin = await up().login('admin');
    // An issued loan today: a row of the ledger, and a month of the statistics and the report.
    const db = up().db;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const loan = await createCase(db);
    await db.updateTable('application').set({ status: 'LOANED', node_id: null, stage: null, assignee_id: null, loan_amount: 1000, loan_date: today })
      .where('id', '=', loan.id).execute();
    const orgs = await db.selectFrom('application').select(['bank_org_id', 'guarantee_org_id', 'renshe_org_id']).where('id', '=', loan.id).executeTakeFirstOrThrow();
    await db.insertInto('loan_account').values({
      application_id: loan.id, ...orgs, principal: 100_000, outstanding: 100_000, issue_date: today, maturity_date: '2099-01-02', term_months: 12,
      rate: '0.0435', method: 'INTEREST_MONTHLY', state: 'CURRENT', overdue_days: 0, next_due_date: '2099-01-02', next_due_amount: 362, updated_at: new Date(),
    }).execute();
  });

  it('holds no date, month or time as text in any export, and writes them as dates with a date format', async () => {
    const wrong: string[] = [];
    const dated = new Map<string, Set<string>>();
    for (const [path, spec] of SPECS) {
      if (!spec.file || (spec.body && spec.body !== 'json') || spec.access === 'public') continue;
      for (const input of accessInputs(spec).filter((i) => spec.input.safeParse(i).success)) {
        const response = await up().request(path, input, { token: admin, method: methodsOf(spec).includes('POST') ? 'POST' : 'GET' });
        if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('spreadsheetml')) continue;
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(await response.arrayBuffer());
        for (const sheet of book.worksheets) {
          sheet.eachRow((row, r) => row.eachCell((cell, c) => {
            if (r > 1 && cell.type === ExcelJS.ValueType.Date) {
              if (!/^yyyy-mm/.test(cell.numFmt ?? '')) wrong.push(`${path} ${sheet.name} ${cell.address}: a date shown as ${cell.numFmt}`);
              dated.set(path, (dated.get(path) ?? new Set()).add(String(sheet.getRow(1).getCell(c).value)));
            } else if (typeof cell.value === 'string' && DATE_TEXT.test(cell.value)) {
              wrong.push(`${path} ${sheet.name} ${cell.address}: '${cell.value}' as text`);
            }
          }));
        }
      }
    }
    expect(wrong).toEqual([]);
    // The exports this was about did hold dates.
    expect([...(dated.get('loanAccount/export') ?? [])]).toEqual(expect.arrayContaining(['放款日期', '到期日']));
    expect([...dated.keys()]).toEqual(expect.arrayContaining([
      'businessClubFirstTrial/statisticsFormExport', 'reportStatistics/export', 'businessClubFirstTrial/employmentFormExport', 'applyStatistics/export', 'loanAccount/export',
    ]));
  }, EXPORT_TIMEOUT);
});
