import { sql } from 'kysely';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { countRows, importCheck, importRefused, importTemplate, readImport, type ImportedRow } from '../../core/import';
import { resource } from '../../core/resource';
import { xlsxFile } from '../../core/export';
import type { Db } from '../../db';
import type { UploadedPart } from '../../../lib/contract/files';
import type { ImportCheck, ImportRowError } from '../../../lib/contract/import';
import type { HistoryRowOut } from '../../../lib/contract/history';
import { idGender } from '../../../lib/workflow/id-number';
import { chinaDayStart } from '../../core/resource/list';
import { HISTORY_IMPORT, resolveRows, type Loan } from './rows';
import { YES } from '../../../lib/contract/history';
import { chinaToday, daysBefore } from '../../core/china-time';
import { loadCalendar } from '../calendar/store';
import { openAccounts } from '../loans/open';
import { computeSubsidies, dropSubsidies } from '../subsidy/terms';

type Ctx = CallContext<AuthUser>;
/** Rows a statement writes: well under PostgreSQL's 65,535 parameters at 30 columns a row. */
const BATCH = 1000;

/** The import history (sysImportHistory/getList). */
const historyTable = resource({
  table: 'import_history',
  key: 'id',
  what: 'importHistory',
  select: (q) => q.innerJoin('app_user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.file_name', 't.mode', 't.rows_read', 't.imported', 't.created_count', 't.updated_count', 't.refused', 't.created_at', 'u.nickname']),
  toRow: (r): HistoryRowOut => ({
    id: r.id, fileName: r.file_name, user: r.nickname, createTime: new Date(r.created_at).toISOString(), mode: r.mode, rowsRead: r.rows_read,
    imported: r.imported, created: r.created_count, updated: r.updated_count, refused: r.refused,
  }),
  filters: { fileName: { contains: 'file_name' }, dateFrom: { from: 'created_at' }, dateTo: { to: 'created_at' } },
  orders: { createTime: 'created_at' },
  order: '-createTime',
  audit: { type: 'importHistory', action: 'importHistory', summary: (row) => ({ fileName: row.fileName, imported: row.imported }) },
});

/** Reads the file and checks every row: the file's own checks, then against the database. */
async function checked(db: Db, file: UploadedPart, now: Date) {
  const reading = await readImport(file, HISTORY_IMPORT);
  const resolved = await resolveRows(db, reading.rows, now);
  const errors = [...reading.errors, ...resolved.errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const rows = countRows({ rows: reading.rows, errors });
  const badRows = new Set(errors.filter((e) => e.row !== null && e.row > 1).map((e) => e.row)).size;
  const wholeFile = errors.some((e) => e.row === null || e.row === 1);
  return { rows, loans: resolved.loans, errors, badRows, wholeFile };
}

const loanValues = (loan: Loan, importId: number, now: Date) => ({
  number: loan.loanNumber, borrower_type: loan.borrower, module_id: loan.moduleId, status: 'LOANED' as const, node_id: null, stage: null,
  assignee_id: null, renshe_org_id: loan.rensheOrgId, guarantee_org_id: loan.guaranteeOrgId, bank_org_id: loan.bankOrgId, name: loan.name,
  id_number: loan.idNumber, mobile: loan.mobile, gender: idGender(loan.idNumber), household_register: '', employment_category: loan.employmentCategory ?? '',
  amount: loan.amount, term_months: loan.termMonths, rate: loan.rate ?? 0, repayment_method: loan.method, guarantee_method: loan.guarantee,
  loan_amount: loan.amount, loan_date: loan.loanDate, client_group_id: loan.clientGroupId, product_id: loan.productId, import_id: importId, updated_at: now,
});

/**
 * Writes the loans and the history row in one transaction, in statements of BATCH rows: a loan
 * number seen before (from an earlier import) is updated in place, a new one inserted; a number
 * that a case of the platform took since the check refuses the whole import.
 */
async function write(ctx: Ctx, fileName: string, mode: 'ALL' | 'CLEAN', rowsRead: number, loans: ImportedRow<Loan>[], refused: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const history = await trx.insertInto('import_history').values({
      file_name: fileName.slice(0, 255), user_id: ctx.user.id, mode, rows_read: rowsRead, imported: 0, created_count: 0, updated_count: 0, refused,
      created_at: ctx.now,
    }).returning('id').executeTakeFirstOrThrow();
    let created = 0;
    for (let i = 0; i < loans.length; i += BATCH) {
      const batch = loans.slice(i, i + BATCH);
      const written = await trx.insertInto('application')
        .values(batch.map(({ value }) => ({ ...loanValues(value, history.id, ctx.now), created_at: chinaDayStart(value.loanDate) })))
        .onConflict((oc) => oc.column('number').doUpdateSet((eb) => ({
          ...Object.fromEntries(['borrower_type', 'module_id', 'renshe_org_id', 'guarantee_org_id', 'bank_org_id', 'name', 'id_number', 'mobile', 'gender',
            'employment_category', 'amount', 'term_months', 'rate', 'repayment_method', 'guarantee_method', 'loan_amount', 'loan_date', 'client_group_id', 'product_id', 'import_id', 'updated_at',
          ].map((c) => [c, eb.ref(`excluded.${c}` as 'excluded.name')])),
          version: sql`application.version + 1`,
        })).where('application.import_id', 'is not', null))
        .returning(['id', 'number', sql<boolean>`xmax = 0`.as('inserted')]).execute();
      if (written.length !== batch.length) {
        const done = new Set(written.map((w) => w.number));
        const lost = batch.filter((b) => !done.has(b.value.loanNumber));
        throw importRefused(importCheck(rowsRead, lost.map((l) => ({ row: l.row, column: 'resources.history.loanNumber', key: 'validation.loanNumberTaken' }))));
      }
      created += written.filter((w) => w.inserted).length;
      await openImported(trx, batch.map(({ value }) => value), new Map(written.map((w) => [w.number, w.id])), ctx.now);
    }
    const counts = { imported: loans.length, created_count: created, updated_count: loans.length - created };
    await trx.updateTable('import_history').set(counts).where('id', '=', history.id).execute();
    await audit(trx, ctx.user, 'importHistory.import', { type: 'importHistory', id: history.id }, { fileName, mode, rowsRead, ...counts, refused });
    return { rows: loans.length, created, updated: loans.length - created, refused, historyId: history.id };
  });
}

/**
 * The imported loans' accounts (DOMAIN.md section 6): the periods due before today repaid but
 * those of the days overdue the file gives, or all of them for a loan marked repaid (SETTLED). A
 * loan imported again gets its account anew unless something happened to it since (a bank report
 * or a compensation), which an import never overwrites.
 */
async function openImported(trx: Db, loans: Loan[], ids: Map<string, number>, now: Date) {
  const all = [...ids.values()];
  const kept = await trx.selectFrom('loan_account as l').select('l.application_id').where('l.application_id', 'in', all)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('loan_compensation as c').select('c.id').whereRef('c.application_id', '=', 'l.application_id')),
      eb.exists(eb.selectFrom('loan_repayment as r').select('r.id').whereRef('r.application_id', '=', 'l.application_id').where('r.report_id', 'not like', 'HISTORY-%')),
      eb.exists(eb.selectFrom('subsidy_claim_line as c').select('c.claim_id').whereRef('c.application_id', '=', 'l.application_id').where('c.excluded', '=', false)),
    ])).execute();
  const keep = new Set(kept.map((k) => k.application_id));
  const renew = all.filter((id) => !keep.has(id));
  if (renew.length) {
    await dropSubsidies(trx, renew);
    for (const table of ['loan_repayment', 'loan_period', 'loan_account'] as const) await trx.deleteFrom(table).where('application_id', 'in', renew).execute();
  }
  const today = chinaToday(now);
  const opened = loans.filter((l) => !keep.has(ids.get(l.loanNumber)!));
  await openAccounts(trx, opened.map((l) => ({
    app: {
      id: ids.get(l.loanNumber)!, bank_org_id: l.bankOrgId, guarantee_org_id: l.guaranteeOrgId, renshe_org_id: l.rensheOrgId, loan_amount: l.amount,
      loan_date: l.loanDate, term_months: l.termMonths, rate: l.rate ?? 0, repayment_method: l.method,
    },
    history: { paidBefore: daysBefore(today, l.overdueDays ?? 0), repaid: YES.has(l.repaid ?? ''), today },
  })), await loadCalendar(trx), now);
  // Their periods repaid earn the borrower type's subsidy, but an extended loan's none.
  const extended = opened.filter((l) => YES.has(l.extended ?? '')).map((l) => ids.get(l.loanNumber)!);
  if (extended.length) await trx.updateTable('loan_account').set({ extended: true }).where('application_id', 'in', extended).execute();
  await computeSubsidies(trx, opened.map((l) => ids.get(l.loanNumber)!));
}

/** The bad rows as an .xlsx: row, column and reason, in the caller's language. */
function errorReport(ctx: Ctx, name: string, errors: ImportRowError[]) {
  const t = (key: string, params?: Record<string, string | number>) => ctx.t(key, params);
  return xlsxFile(t('resources.history.errorReport'), ctx.now, [{
    name: t('resources.history.errorReport'),
    header: [t('resources.history.file'), t('resources.history.reportRow'), t('resources.history.reportColumn'), t('resources.history.reportProblem')],
    rows: errors.map((e) => [name, e.row ?? '', e.column ? t(e.column) : '', t(e.key, e.params)]),
  }]);
}

export const historyCalls = [
  defineCall({ path: 'sysImportHistory/getList', handler: historyTable.list }),
  defineCall({ path: 'sysImportHistory/template', handler: async (ctx) => importTemplate(HISTORY_IMPORT, ctx.locale) }),
  defineCall({
    path: 'sysImportHistory/check',
    async handler(ctx, input): Promise<ImportCheck> {
      const { rows, errors } = await checked(ctx.db, input.file, ctx.now);
      return importCheck(rows, errors);
    },
  }),
  defineCall({
    path: 'sysImportHistory/errorReport',
    async handler(ctx, input) {
      const { errors } = await checked(ctx.db, input.file, ctx.now);
      return errorReport(ctx, input.file.name, errors);
    },
  }),
  defineCall({
    path: 'sysImportHistory/importAll',
    async handler(ctx, input) {
      const { rows, loans, errors } = await checked(ctx.db, input.file, ctx.now);
      if (errors.length) throw importRefused(importCheck(rows, errors));
      return write(ctx, input.file.name, 'ALL', rows, loans, 0);
    },
  }),
  defineCall({
    path: 'sysImportHistory/importClean',
    async handler(ctx, input) {
      const { rows, loans, errors, badRows, wholeFile } = await checked(ctx.db, input.file, ctx.now);
      if (wholeFile || !loans.length) throw importRefused(importCheck(rows, errors));
      return write(ctx, input.file.name, 'CLEAN', rows, loans, badRows);
    },
  }),
];
