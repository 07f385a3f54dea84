import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoanTables } from '../../db/schema-loans';
import type { AuthUser } from '../../core/call';
import type { RowKind } from '../../core/row-access';
import { conflict, forbidden, notFound } from '../../core/errors';
import { caseScope } from '../workflow/scope';
import type { PostLoanSettings } from '../../../lib/contract/loans';

type Db = Kysely<Database>;
export type AccountRow = Selectable<LoanTables['loan_account']>;

/** Whole fen of a bigint or numeric value read from the database. */
export const fenOf = (value: number | string | bigint | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
/** Yuan (two decimals) of whole fen, for the wire. */
export const yuanOf = (fen: number | string | bigint | null | undefined) => fenOf(fen) / 100;
/** Whole fen of a yuan amount the contract accepted (at most two decimals): the caps' own conversion. */
export { toFen } from '../../../lib/workflow/caps';

/** The post-loan settings in force. */
export async function loanSettings(db: Db): Promise<PostLoanSettings & { version: number; updatedAt: Date | null }> {
  const row = await db.selectFrom('post_loan_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    claimDays: row.claim_days, writeOffYears: row.write_off_years, leverageMax: Number(row.leverage_max),
    compensationRateMax: Number(row.compensation_rate_max), compensationRateAction: row.compensation_rate_action,
    version: row.version, updatedAt: row.updated_at,
  };
}

const ORG_COLUMNS = ['bank_org_id', 'guarantee_org_id', 'renshe_org_id'] as const;
export type OrgColumn = (typeof ORG_COLUMNS)[number];
type AccountEb = ExpressionBuilder<Database & { l: Database['loan_account'] }, 'l'>;

/** A loan lies in a caller's scope when its bank, guarantee company or renshe bureau does (null: everything). */
export function inLoanScope(eb: AccountEb, scope: number[] | null) {
  if (scope === null) return sql<boolean>`true`;
  if (scope.length === 0) return sql<boolean>`false`;
  return eb.or(ORG_COLUMNS.map((column) => eb(`l.${column}`, 'in', scope)));
}

export const loanVisible = (account: Pick<AccountRow, OrgColumn>, scope: number[] | null) =>
  scope === null || ORG_COLUMNS.some((column) => scope.includes(account[column]));

/** A loan the caller sees, locked for the rest of the transaction; another organisation's loan is 'not found'. */
export async function lockAccount(trx: Db, user: AuthUser, id: number): Promise<AccountRow> {
  const account = await trx.selectFrom('loan_account').selectAll().where('application_id', '=', id).forUpdate().executeTakeFirst();
  if (!account || !loanVisible(account, await caseScope(trx, user))) throw notFound('loan');
  return account;
}

const ORG_OF = { bank: 'bank_org_id', guarantee: 'guarantee_org_id', renshe: 'renshe_org_id' } as const;

/**
 * A loan named by a call's input (row access of kind 'loan'): in the caller's scope (its bank,
 * guarantee company or renshe bureau), else 404; with `org`, acted on only by a person of the
 * loan's own organisation of that kind (its bank reports repayments, its guarantee company
 * compensates, its bureau confirms write-offs), else 403. The operator's staff read every loan
 * and act on none.
 */
export const loanRowAccess: RowKind = async (ctx, id, rule) => {
  const account = await ctx.db.selectFrom('loan_account').select(['bank_org_id', 'guarantee_org_id', 'renshe_org_id']).where('application_id', '=', id).executeTakeFirst();
  const scope = await caseScope(ctx.db, ctx.user);
  if (!account || !loanVisible(account, scope)) throw notFound('loan');
  if (rule.org && !(scope?.includes(account[ORG_OF[rule.org]]) ?? false)) throw forbidden();
};

/**
 * The key of a post-loan action: a retry (same key, action, loan and person) answers 'retry',
 * a key used for anything else is 409. Held until the transaction ends.
 */
export async function claimKey(trx: Db, key: string, action: string, applicationId: number, userId: number): Promise<'new' | 'retry'> {
  await sql`select pg_advisory_xact_lock(hashtext(${`loan-key:${key}`}))`.execute(trx);
  const used = await trx.selectFrom('loan_action_key').selectAll().where('key', '=', key).executeTakeFirst();
  if (!used) {
    await trx.insertInto('loan_action_key').values({ key, action, application_id: applicationId, user_id: userId }).execute();
    return 'new';
  }
  if (used.action !== action || used.application_id !== applicationId || used.user_id !== userId) throw conflict('loans.keyUsed');
  return 'retry';
}

/** A stale version is 409 with nothing changed. */
export function requireVersion(account: AccountRow, version: number) {
  if (account.version !== version) throw conflict('loans.stale');
}

/** Moves the account's version on with a change. */
export async function touchAccount(trx: Db, id: number, set: Partial<{ [K in keyof LoanTables['loan_account']]: unknown }>, now: Date) {
  await trx.updateTable('loan_account').set({ ...(set as object), version: sql`version + 1`, updated_at: now }).where('application_id', '=', id).execute();
}
