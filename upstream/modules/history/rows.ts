import type { Db } from '../../db';
import type { ImportDefinition, ImportedRow } from '../../core/import';
import { SERVICE_TEXTS } from '../../core/i18n';
import { lookup } from '../../../lib/contract/text-catalogue';
import { IMPORT_MAX_BYTES, type ImportRowError } from '../../../lib/contract/import';
import { HISTORY_MAX_ROWS, historyRow, type HistoryRow } from '../../../lib/contract/history';
import type { Locale } from '../../../lib/contract/auth';
import { BORROWER_TYPES, GUARANTEE_METHODS, type BorrowerType, type GuaranteeMethod } from '../../../lib/workflow/stages';
import { REPAYMENT_METHODS, type RepaymentMethod } from '../../../lib/workflow/plan';
import type { OrgType } from '../../db/schema';
import { chinaToday } from '../../core/china-time';
import { highestCap, toFen, type TypeLimits } from '../../../lib/workflow/caps';
import { productRateMax } from '../../../lib/workflow/product';
import { lprOn } from '../../../lib/workflow/subsidy';
import { dateText } from '../workflow/rows';

/** The historical-data file: one loan a row, each loan number once. */
export const HISTORY_IMPORT: ImportDefinition<typeof historyRow> = {
  columns: [
    { field: 'loanNumber', label: 'resources.history.loanNumber', required: true },
    { field: 'name', label: 'resources.history.name', required: true },
    { field: 'idNumber', label: 'resources.history.idNumber', required: true },
    { field: 'mobile', label: 'resources.history.mobile', required: true },
    { field: 'borrowerType', label: 'resources.history.borrowerType', required: true },
    { field: 'guaranteeMethod', label: 'resources.history.guaranteeMethod', required: true },
    { field: 'amount', label: 'resources.history.amount', kind: 'number', required: true },
    { field: 'termMonths', label: 'resources.history.termMonths', kind: 'number', required: true },
    { field: 'rate', label: 'resources.history.rate', kind: 'number' },
    { field: 'loanDate', label: 'resources.history.loanDate', kind: 'day', required: true },
    { field: 'rensheOrg', label: 'resources.history.rensheOrg', required: true },
    { field: 'guaranteeOrg', label: 'resources.history.guaranteeOrg', required: true },
    { field: 'bankOrg', label: 'resources.history.bankOrg', required: true },
    { field: 'employmentCategory', label: 'resources.history.employmentCategory' },
    { field: 'repaymentMethod', label: 'resources.history.repaymentMethod' },
    { field: 'repaid', label: 'resources.history.repaid' },
    { field: 'overdueDays', label: 'resources.history.overdueDays', kind: 'number' },
    { field: 'extended', label: 'resources.history.extended' },
  ],
  row: historyRow,
  maxRows: HISTORY_MAX_ROWS,
  maxBytes: IMPORT_MAX_BYTES,
  unique: ['loanNumber'],
  templateName: 'resources.history.template',
};

const COLUMN_OF = new Map(HISTORY_IMPORT.columns.map((c) => [c.field, c.label]));

/** A row resolved to what the application table stores. */
export interface Loan extends HistoryRow {
  borrower: BorrowerType;
  guarantee: GuaranteeMethod;
  rensheOrgId: number;
  guaranteeOrgId: number;
  bankOrgId: number;
  moduleId: number;
  clientGroupId: number | null;
  /** The borrower type's current product, whose rules (rate, subsidy) the loan is read with. */
  productId: number | null;
  method: RepaymentMethod;
}

const normal = (text: string) => text.replace(/\s/g, '').toLowerCase();

/** An enum column's value by its code or its label in either language. */
function enumIndex<T extends string>(values: readonly T[], labelOf: (value: T) => string): Map<string, T> {
  const index = new Map<string, T>();
  for (const value of values) {
    index.set(normal(value), value);
    for (const locale of Object.keys(SERVICE_TEXTS) as Locale[]) {
      const text = lookup(SERVICE_TEXTS[locale], labelOf(value));
      if (text) index.set(normal(text), value);
    }
  }
  return index;
}
const BORROWERS = enumIndex(BORROWER_TYPES, (b) => `approval.borrowerType.${b}`);
const GUARANTEES = enumIndex(GUARANTEE_METHODS, (g) => `approval.guaranteeMethod.${g}`);
const METHODS = enumIndex(REPAYMENT_METHODS, (m) => `loans.method.${m}`);

/**
 * Resolves the rows the file check passed against the database: borrower type and guarantee
 * method by code or label, the three organisations by name within their type (one match),
 * the flow of the borrower type, the client group by employment category; refuses a loan date
 * after today and a loan number that belongs to a case of the platform itself.
 */
export async function resolveRows(db: Db, rows: ImportedRow<HistoryRow>[], now: Date): Promise<{ loans: ImportedRow<Loan>[]; errors: ImportRowError[] }> {
  if (!rows.length) return { loans: [], errors: [] };
  const [orgs, modules, groups, taken, types, products, lpr] = await Promise.all([
    db.selectFrom('organization').select(['id', 'name', 'type']).where('type', 'in', ['RENSHE', 'GUARANTEE', 'BANK']).execute(),
    db.selectFrom('approval_module').select(['id', 'borrower_type', 'state']).where('deleted_at', 'is', null).orderBy('id').execute(),
    db.selectFrom('client_group').select(['id', 'name_zh']).execute(),
    db.selectFrom('application').select('number').where('import_id', 'is', null)
      .where('number', 'in', rows.map((r) => r.value.loanNumber)).execute(),
    db.selectFrom('borrower_type_config').selectAll().execute(),
    db.selectFrom('loan_product').select(['id', 'borrower_type', 'repayment_methods', 'rate_margin_bp', 'rate_cap']).where('current', '=', true).where('state', '=', 'ENABLED').orderBy('sort').orderBy('id').execute(),
    db.selectFrom('lpr_history').select(['rate', dateText('effective_from').as('from')]).execute(),
  ]);
  const history = lpr.map((h) => ({ effectiveFrom: h.from!, rate: String(h.rate) }));
  const limitsOf = (type: BorrowerType): TypeLimits | undefined => {
    const row = types.find((t) => t.borrower_type === type);
    return row && {
      borrowerType: type, capAmount: Number(row.cap_amount), totalCapAmount: row.total_cap_amount === null ? null : Number(row.total_cap_amount),
      partnerUplift: row.partner_uplift === null ? null : Number(row.partner_uplift), maxTermMonths: row.max_term_months,
    };
  };
  const byName = new Map<string, number[]>();
  for (const org of orgs) {
    const key = `${org.type}\u0000${normal(org.name)}`;
    byName.set(key, [...(byName.get(key) ?? []), org.id]);
  }
  const flowOf = (type: BorrowerType) => (modules.find((m) => m.borrower_type === type && m.state === 'ENABLED') ?? modules.find((m) => m.borrower_type === type))?.id;
  const groupOf = new Map(groups.map((g) => [g.name_zh, g.id]));
  const platform = new Set(taken.map((t) => t.number));
  const today = chinaToday(now);
  const loans: ImportedRow<Loan>[] = [];
  const errors: ImportRowError[] = [];
  for (const { row, value } of rows) {
    const problems: ImportRowError[] = [];
    const fail = (field: keyof HistoryRow, key: string, params?: Record<string, string | number>) => problems.push({ row, column: COLUMN_OF.get(field)!, key, ...(params ? { params } : {}) });
    const org = (field: 'rensheOrg' | 'guaranteeOrg' | 'bankOrg', type: OrgType) => {
      const ids = byName.get(`${type}\u0000${normal(value[field])}`) ?? [];
      if (ids.length !== 1) fail(field, ids.length ? 'validation.importOrgAmbiguous' : 'validation.importOrgUnknown', { name: value[field] });
      return ids[0] ?? 0;
    };
    const borrower = BORROWERS.get(normal(value.borrowerType));
    const guarantee = GUARANTEES.get(normal(value.guaranteeMethod));
    if (!borrower) fail('borrowerType', 'validation.importBorrowerType');
    if (!guarantee) fail('guaranteeMethod', 'validation.importGuaranteeMethod');
    const product = products.find((p) => p.borrower_type === borrower);
    const method = value.repaymentMethod ? METHODS.get(normal(value.repaymentMethod)) : (product?.repayment_methods[0] ?? 'INTEREST_MONTHLY');
    if (!method) fail('repaymentMethod', 'validation.importRepaymentMethod');
    const moduleId = borrower ? flowOf(borrower) : undefined;
    if (borrower && moduleId === undefined) fail('borrowerType', 'validation.importNoFlow');
    // The same caps as intake: a file names no partners, so a partnership is held to its ceiling.
    const limits = borrower && limitsOf(borrower);
    if (limits && toFen(value.amount) > toFen(highestCap(limits))) fail('amount', 'validation.amountCap', { max: highestCap(limits).toLocaleString('en-US') });
    if (limits && value.termMonths > limits.maxTermMonths) fail('termMonths', 'validation.termMax', { max: limits.maxTermMonths });
    if (value.loanDate > today) fail('loanDate', 'validation.loanDateFuture');
    if (platform.has(value.loanNumber)) fail('loanNumber', 'validation.loanNumberTaken');
    const ids = { rensheOrgId: org('rensheOrg', 'RENSHE'), guaranteeOrgId: org('guaranteeOrg', 'GUARANTEE'), bankOrgId: org('bankOrg', 'BANK') };
    if (problems.length) {
      errors.push(...problems);
      continue;
    }
    // Without the file's rate, the product's highest: the LPR of the loan's date plus its margin, at most its cap.
    const lprThen = lprOn(history, value.loanDate);
    const rate = value.rate ?? (product && lprThen ? productRateMax(Number(lprThen), product.rate_margin_bp, Number(product.rate_cap)) : undefined);
    loans.push({
      row, value: { ...value, ...(rate === undefined ? {} : { rate }), ...ids, borrower: borrower!, guarantee: guarantee!, moduleId: moduleId!, clientGroupId: groupOf.get(value.employmentCategory ?? '') ?? null,
        productId: product?.id ?? null, method: method! },
    });
  }
  return { loans, errors };
}
