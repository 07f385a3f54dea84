import { sql, type Kysely } from 'kysely';
import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid } from '../../core/errors';
import { resource } from '../../core/resource';
import { containsPattern } from '../../core/like';
import type { Database } from '../../db/schema';
import { STAGE_INFO } from '../../../lib/workflow/stages';
import { maskIdNumber, maskMobile } from '../../../lib/workflow/id-number';
import type { BlacklistRow } from '../../../lib/contract/risk';
import { storedText } from '../../core/stored-text';
import { chinaDayEnd, chinaToday } from '../../core/china-time';

type Trx = Kysely<Database>;
type Ctx = CallContext<AuthUser>;

/** An entry's state: relieved (by a person), expired (its end passed; closed at its end when the person was listed again), else active. */
const stateOf = sql<BlacklistRow['state']>`case
  when t.relieved_at is not null and not (t.relieve_reason is null and t.expires_at is not null and t.relieved_at >= t.expires_at) then 'RELIEVED'
  when t.expires_at is not null and t.expires_at <= now() then 'EXPIRED' else 'ACTIVE' end`;

/** The blacklist as its screen reads it (sysBlackList/getList). */
const blacklistTable = resource({
  table: 'blacklist',
  key: 'id',
  what: 'blacklist',
  select: (q) => q.leftJoin('app_user as c', 'c.id', 't.created_by').leftJoin('app_user as r', 'r.id', 't.relieved_by')
    .select(['t.id', 't.name', 't.id_number', 't.mobile', 't.reason', 't.source', 't.source_ref', 't.created_at', 't.expires_at', 't.relieved_at',
      't.relieve_reason', 't.version', 'c.nickname as created_by_name', 'r.nickname as relieved_by_name'])
    .select(stateOf.as('state')),
  toRow: (r): BlacklistRow => ({
    id: r.id, name: r.name, idNumber: maskIdNumber(r.id_number), mobile: r.mobile ? maskMobile(r.mobile) : null, reason: r.reason,
    source: r.source, sourceRef: r.source_ref, state: r.state, createdBy: r.created_by_name ?? null, createTime: new Date(r.created_at).toISOString(),
    expiresOn: r.expires_at ? chinaToday(new Date(new Date(r.expires_at).getTime() - 1)) : null, relievedBy: r.relieved_by_name ?? null,
    relieveTime: r.state === 'RELIEVED' && r.relieved_at ? new Date(r.relieved_at).toISOString() : null, relieveReason: r.relieve_reason,
    version: r.version,
  }),
  filters: {
    name: { contains: 'name' },
    idNumber: (q, v) => q.where('t.id_number', '=', String(v).toUpperCase()),
    mobile: (q, v) => q.where('t.mobile', 'like', containsPattern(String(v))),
    source: { equals: 'source' },
    state: (q, v) => q.where(stateOf, '=', v as BlacklistRow['state']),
  },
  orders: { createTime: 'created_at' },
  order: '-createTime',
  audit: { type: 'blacklist', action: 'blacklist', summary: (row) => ({ name: row.name, idNumber: row.idNumber, reason: row.reason, state: row.state, version: row.version }) },
});


export interface NewEntry {
  name: string;
  idNumber: string;
  mobile?: string | null;
  reason: string;
  /** The last China day the entry counts; absent: until relieved. */
  expiresOn?: string | null;
  source: 'MANUAL' | 'STRATEGY' | 'IMPORT';
  sourceRef?: string;
}

/**
 * Blacklists a person inside the caller's transaction: one active entry per ID number (a lock
 * on the number makes concurrent adds of one person give one entry); an entry whose end passed
 * is closed first. Cases of the person under way get a message to their assignee.
 * Answers the new entry's id, or null when the person already has an active entry.
 */
export async function addEntry(trx: Trx, ctx: Ctx, entry: NewEntry): Promise<number | null> {
  await sql`select pg_advisory_xact_lock(hashtext(${`blacklist:${entry.idNumber}`}))`.execute(trx);
  await trx.updateTable('blacklist').set({ relieved_at: sql`expires_at` })
    .where('id_number', '=', entry.idNumber).where('relieved_at', 'is', null).where('expires_at', '<=', ctx.now).execute();
  const active = await trx.selectFrom('blacklist').select('id').where('id_number', '=', entry.idNumber).where('relieved_at', 'is', null).executeTakeFirst();
  if (active) return null;
  const { id } = await trx.insertInto('blacklist').values({
    name: entry.name, id_number: entry.idNumber, mobile: entry.mobile ?? null, reason: entry.reason, source: entry.source,
    source_ref: entry.sourceRef ?? '', expires_at: entry.expiresOn ? chinaDayEnd(entry.expiresOn) : null, created_by: ctx.user.id,
    created_at: ctx.now, updated_at: ctx.now,
  }).returning('id').executeTakeFirstOrThrow();
  await audit(trx, ctx.user, 'blacklist.create', { type: 'blacklist', id }, {
    before: null, after: { name: entry.name, idNumber: maskIdNumber(entry.idNumber), reason: entry.reason, source: entry.source },
  });
  await warnAssignees(trx, entry);
  return id;
}

/** A message to the assignee of every case under way that names the person (proposer or any other person). */
async function warnAssignees(trx: Trx, entry: NewEntry) {
  const cases = await trx.selectFrom('application as a').select(['a.id', 'a.number', 'a.assignee_id', 'a.stage'])
    .where('a.status', '=', 'IN_REVIEW').where('a.assignee_id', 'is not', null)
    .where((eb) => eb.or([
      eb('a.id_number', '=', entry.idNumber),
      eb('a.id', 'in', eb.selectFrom('application_person').select('application_id').where('id_number', '=', entry.idNumber)),
    ])).execute();
  for (const c of cases) {
    await trx.insertInto('message').values({
      user_id: c.assignee_id!, ...storedText('risk.blacklistedDuringReview', { number: c.number, name: entry.name, reason: entry.reason }),
      menu_url: c.stage ? STAGE_INFO[c.stage].path : null,
    }).execute();
  }
}

export const blacklistCalls = [
  defineCall({ path: 'sysBlackList/getList', handler: blacklistTable.list }),
  defineCall({
    path: 'sysBlackList/add',
    async handler(ctx, input): Promise<BlacklistRow> {
      if (input.expiresOn && input.expiresOn < chinaToday(ctx.now)) throw invalid({ expiresOn: 'validation.expiryPast' });
      return ctx.db.transaction().execute(async (trx) => {
        const id = await addEntry(trx, ctx, { ...input, source: 'MANUAL' });
        if (id === null) throw invalid({ idNumber: 'validation.blacklistTaken' });
        return blacklistTable.load(trx, id, ctx.now);
      });
    },
  }),
  defineCall({
    path: 'sysBlackList/relieve',
    handler: (ctx, input) => blacklistTable.change(ctx, input, (before) => {
      if (before.state !== 'ACTIVE') throw conflict('risk.notActive');
      return { relieved_at: ctx.now, relieved_by: ctx.user.id, relieve_reason: input.reason };
    }, 'relieve'),
  }),
];
