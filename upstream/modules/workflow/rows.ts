import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ApplicationRow } from '../../../lib/contract/workflow';
import { maskIdNumber, maskMobile } from '../../../lib/workflow/id-number';

/** The columns of a list row: the application with its assignee and organisation names. */
export function applicationRows(db: Kysely<Database>) {
  return db.selectFrom('application as a')
    .leftJoin('app_user as u', 'u.id', 'a.assignee_id')
    .innerJoin('organization as g', 'g.id', 'a.guarantee_org_id')
    .innerJoin('organization as b', 'b.id', 'a.bank_org_id')
    .select([
      'a.id', 'a.number', 'a.borrower_type', 'a.name', 'a.id_number', 'a.mobile', 'a.amount', 'a.term_months',
      'a.guarantee_method', 'a.status', 'a.stage', 'a.assignee_id', 'u.nickname as assignee_nickname', 'a.deadline',
      'a.whitelisted', 'g.name as guarantee_org', 'b.name as bank_org', 'a.version', 'a.created_at',
      'a.awaited_kinds', 'a.return_note', dateText('a.supplement_due').as('supplement_due'),
    ]);
}

export type ApplicationRowRecord = Awaited<ReturnType<ReturnType<typeof applicationRows>['executeTakeFirstOrThrow']>>;

/** A timestamp column as a Date: the driver gives one already (no copy is made), PGlite may give text. */
const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A list row as callers see it: ID number and mobile masked (a reveal is a call of its own). */
export function toApplicationRow(row: ApplicationRowRecord, now: Date): ApplicationRow {
  const deadline = row.deadline === null ? null : dateOf(row.deadline);
  return {
    id: row.id,
    number: row.number,
    borrowerType: row.borrower_type,
    name: row.name,
    idNumber: maskIdNumber(row.id_number),
    mobile: maskMobile(row.mobile),
    amount: Number(row.amount),
    termMonths: row.term_months,
    guaranteeMethod: row.guarantee_method,
    status: row.status,
    stage: row.stage,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, nickname: row.assignee_nickname ?? '' },
    deadline: deadline?.toISOString() ?? null,
    overdue: row.status === 'IN_REVIEW' && deadline !== null && deadline.getTime() < now.getTime(),
    whitelisted: row.whitelisted,
    guaranteeOrg: row.guarantee_org,
    bankOrg: row.bank_org,
    version: row.version,
    createTime: dateOf(row.created_at).toISOString(),
    awaited: row.status === 'RETURNED' && row.awaited_kinds ? { documents: row.awaited_kinds, note: row.return_note ?? '', due: row.supplement_due } : null,
  };
}

/** A YYYY-MM-DD column read as text on both databases. */
export const dateText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
