import { sql, type Kysely } from 'kysely';
import type { Database, PersonRole as Role } from '../../db/schema';
import type { ApplicationStatus, BorrowerType } from '../../../lib/workflow/stages';
import type { FileKind } from '../../../lib/workflow/files';

type Db = Kysely<Database>;

/** Statuses of a live case: one still in review, waiting for supplements, or approved and not yet issued. */
const LIVE_STATUSES: ApplicationStatus[] = ['IN_REVIEW', 'RETURNED', 'APPROVED'];
/** The people of a case whose other live case blocks a new one (DOMAIN.md section 1, 'Who may apply'). */
const NAMED_ROLES: Role[] = ['SPOUSE', 'PARTNER', 'GUARANTOR', 'GUARANTOR_SPOUSE'];

/**
 * Cases of the given statuses in which any of these ID numbers is the proposer or a person of one
 * of the roles: number and the ID number found, oldest first, the case `except` left out. Two
 * indexed reads (by the proposer's and by a person's ID number), not one scan.
 */
async function casesOfPeople(db: Db, ids: string[], statuses: ApplicationStatus[], roles: Role[], except?: number, limit = 10, unsettled = false) {
  if (!ids.length) return [];
  // An issued loan counts until its account is settled (DOMAIN.md section 6, borrowing again).
  const open = sql<boolean>`not exists (select 1 from loan_account l where l.application_id = a.id and l.state = 'SETTLED')`;
  const proposers = db.selectFrom('application as a').select(['a.id', 'a.number', 'a.id_number as idNumber'])
    .where('a.id_number', 'in', ids).where('a.status', 'in', statuses)
    .$if(unsettled, (q) => q.where(open))
    .$if(except !== undefined, (q) => q.where('a.id', '<>', except!));
  const named = db.selectFrom('application_person as p').innerJoin('application as a', 'a.id', 'p.application_id')
    .select(['a.id', 'a.number', 'p.id_number as idNumber'])
    .where('p.id_number', 'in', ids).where('p.role', 'in', roles).where('a.status', 'in', statuses)
    .$if(unsettled, (q) => q.where(open))
    .$if(except !== undefined, (q) => q.where('a.id', '<>', except!));
  const rows = await db.selectFrom(proposers.unionAll(named).as('c')).select(['c.id', 'c.number', 'c.idNumber'])
    .orderBy('c.id').limit(limit).execute();
  return rows;
}

/** Another live case of any of these people (proposer, spouse, partner, guarantor or guarantor's spouse there), if there is one. */
export async function liveCaseOf(db: Db, ids: string[]) {
  return (await casesOfPeople(db, ids, LIVE_STATUSES, NAMED_ROLES, undefined, 1))[0] ?? null;
}

/** Numbers of issued loans not settled in which any of these people borrows (as proposer, spouse or partner). */
export async function openLoansOf(db: Db, ids: string[], except?: number): Promise<string[]> {
  return (await casesOfPeople(db, ids, ['LOANED'], ['SPOUSE', 'PARTNER'], except, 10, true)).map((r) => r.number);
}

/**
 * Holds, until the transaction ends, a lock on each person by ID number (in one order, so two
 * intakes never wait for each other crosswise): intakes naming the same person run one after the other.
 */
export async function lockPeople(db: Db, ids: string[]) {
  for (const id of [...ids].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`person:${id}`}))`.execute(db);
}

/** The client group whose code or name (either language) is an employment category, enabled ones first. */
export async function groupNamed(db: Db, employmentCategory: string) {
  const category = employmentCategory.trim();
  return db.selectFrom('client_group').select(['id', 'state', 'borrower_types'])
    .where((eb) => eb.or([eb('name_zh', '=', category), eb(eb.fn('lower', ['name_en']), '=', category.toLowerCase()), eb('code', '=', category.toUpperCase())]))
    .orderBy('state', 'desc').orderBy('id').executeTakeFirst();
}

/**
 * The proposer's client group: the one named, else the group the employment category names;
 * `fits` when it is enabled and serves the borrower type.
 */
export async function clientGroupOf(db: Db, input: { borrowerType: BorrowerType; clientGroupId?: number; proposer: { employmentCategory: string } }) {
  const row = input.clientGroupId === undefined ? await groupNamed(db, input.proposer.employmentCategory)
    : await db.selectFrom('client_group').select(['id', 'state', 'borrower_types']).where('id', '=', input.clientGroupId).executeTakeFirst();
  return { id: row?.id ?? null, fits: Boolean(row && row.state === 'ENABLED' && row.borrower_types.includes(input.borrowerType)) };
}

/** The proof documents the case's client group requires, each with whether a file of that kind is on the case. */
export async function proofsOf(db: Db, app: { id: number; client_group_id: number | null }): Promise<{ kind: FileKind; uploaded: boolean }[]> {
  if (app.client_group_id === null) return [];
  const group = await db.selectFrom('client_group').select('proof_kinds').where('id', '=', app.client_group_id).executeTakeFirst();
  const kinds = (group?.proof_kinds ?? []) as FileKind[];
  if (!kinds.length) return [];
  const files = await db.selectFrom('application_file').select('kind').distinct().where('application_id', '=', app.id).where('kind', 'in', kinds).execute();
  return kinds.map((kind) => ({ kind, uploaded: files.some((f) => f.kind === kind) }));
}
