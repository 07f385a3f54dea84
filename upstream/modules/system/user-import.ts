import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { hashPassword } from '../../core/crypto';
import { importCheck, importRefused, importTemplate, readImport, type ImportDefinition, type ImportedRow } from '../../core/import';
import { visibleOrgs } from '../../core/scope';
import { invalid } from '../../core/errors';
import type { Db } from '../../db';
import { z } from '../../../lib/contract/zod';
import { IMPORT_MAX_BYTES, type ImportCheck, type ImportResult, type ImportRowError } from '../../../lib/contract/import';
import { checkField } from '../../../lib/contract/rules';
import { USERNAME_PATTERN } from '../../../lib/contract/user';
import { mobile } from '../../../lib/contract/validation';
import { canSee, sqlState } from './organiza-nodes';
import { generatePassword } from './user-guards';
import { auditView, maskMobile } from './user-rows';

type Ctx = CallContext<AuthUser>;

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, 'validation.tooLong');

/** One row of a user import: the account's names, mobile, optional mail and its organisation by name. */
const userImportRow = z.object({
  username: text('validation.usernameRequired', 64).regex(USERNAME_PATTERN, 'validation.usernameFormat'),
  nickname: text('validation.nicknameRequired', 64),
  mobile,
  mail: z.string().trim().optional().superRefine((value, ctx) => {
    const key = value ? checkField('mail', value) : null;
    if (key) ctx.addIssue({ code: 'custom', message: key });
  }).transform((value) => value?.toLowerCase() || undefined),
  org: text('validation.orgRequired', 100),
});
type UserImportRow = z.infer<typeof userImportRow>;

/** The user import (用户管理's 导入): at most 200 accounts a file, usernames and mobiles once each. */
const USER_IMPORT: ImportDefinition<typeof userImportRow> = {
  columns: [
    { field: 'username', label: 'resources.user.username', required: true },
    { field: 'nickname', label: 'resources.user.nickname', required: true },
    { field: 'mobile', label: 'resources.user.mobile', required: true },
    { field: 'mail', label: 'resources.user.mail' },
    { field: 'org', label: 'resources.user.org', required: true },
  ],
  row: userImportRow,
  maxRows: 200,
  maxBytes: IMPORT_MAX_BYTES,
  unique: ['username', 'mobile'],
  templateName: 'resources.user.importTemplate',
};

/**
 * What the file's rows clash with in the database: usernames (any state, without case) and
 * mobiles (of accounts not written off) already taken, organisations the caller cannot see
 * or whose name is not one of theirs alone. Answers the rows with their organisation ids.
 */
async function checkAgainst(db: Db, ctx: Ctx, rows: ImportedRow<UserImportRow>[]) {
  const errors: ImportRowError[] = [];
  const ready: { row: number; value: UserImportRow; orgId: number }[] = [];
  if (!rows.length) return { errors, ready };
  const names = rows.map((r) => r.value.username.toLowerCase());
  const mobiles = rows.map((r) => r.value.mobile);
  const [taken, orgs, scope] = await Promise.all([
    db.selectFrom('app_user').select(['username', 'mobile', 'state'])
      .where((eb) => eb.or([eb(eb.fn('lower', ['username']), 'in', names), eb.and([eb('mobile', 'in', mobiles), eb('state', '<>', 'WRITTEN_OFF')])]))
      .execute(),
    db.selectFrom('organization').select(['id', 'name']).where('name', 'in', [...new Set(rows.map((r) => r.value.org))]).execute(),
    visibleOrgs(db, ctx.user),
  ]);
  const takenNames = new Set(taken.map((u) => u.username.toLowerCase()));
  const takenMobiles = new Set(taken.filter((u) => u.state !== 'WRITTEN_OFF').map((u) => u.mobile));
  for (const { row, value } of rows) {
    const matches = orgs.filter((o) => o.name === value.org && canSee(scope, o.id));
    const problems: ImportRowError[] = [
      ...(takenNames.has(value.username.toLowerCase()) ? [{ row, column: 'resources.user.username', key: 'validation.usernameTaken' }] : []),
      ...(takenMobiles.has(value.mobile) ? [{ row, column: 'resources.user.mobile', key: 'validation.mobileTaken' }] : []),
      ...(matches.length !== 1 ? [{ row, column: 'resources.user.org', key: matches.length ? 'validation.importOrgAmbiguous' : 'validation.orgNotFound' }] : []),
    ];
    if (problems.length) errors.push(...problems);
    else ready.push({ row, value, orgId: matches[0]!.id });
  }
  return { errors, ready };
}

/** Hashes the new accounts' passwords a few at a time (each hash is deliberately slow). */
async function withPasswords<T>(rows: T[]): Promise<(T & { password: string; hash: string })[]> {
  const out: (T & { password: string; hash: string })[] = [];
  for (let i = 0; i < rows.length; i += 4) {
    out.push(...await Promise.all(rows.slice(i, i + 4).map(async (row) => {
      const password = generatePassword();
      return { ...row, password, hash: await hashPassword(password) };
    })));
  }
  return out;
}

export const userImportCalls = [
  defineCall({
    path: 'systemUser/importCheck',
    async handler(ctx, input): Promise<ImportCheck> {
      const reading = await readImport(input.file, USER_IMPORT);
      const against = await checkAgainst(ctx.db, ctx, reading.rows);
      const errors = [...reading.errors, ...against.errors];
      return importCheck(countRows(reading), errors);
    },
  }),

  defineCall({
    path: 'systemUser/importCommit',
    async handler(ctx, input): Promise<ImportResult> {
      const reading = await readImport(input.file, USER_IMPORT);
      if (reading.errors.length) throw importRefused(importCheck(countRows(reading), reading.errors));
      const accounts = await withPasswords(reading.rows);
      return ctx.db.transaction().execute(async (trx) => {
        // Checked again inside the transaction: the unique indexes catch what slips between.
        const against = await checkAgainst(trx, ctx, accounts);
        if (against.errors.length) throw importRefused(importCheck(accounts.length, against.errors));
        const orgOf = new Map(against.ready.map((r) => [r.row, r.orgId]));
        for (const { row, value, password, hash } of accounts) {
          const orgId = orgOf.get(row)!;
          const user = await trx.insertInto('app_user').values({
            username: value.username, nickname: value.nickname, mobile: value.mobile, mail: value.mail ?? null, org_id: orgId,
            type: 1, password_hash: hash, locale: null, updated_at: ctx.now,
          }).returningAll().executeTakeFirstOrThrow();
          await trx.insertInto('sms_outbox').values({
            mobile: value.mobile, template: 'ACCOUNT_OPENED', client_ip: null, created_at: ctx.now,
            content: `您的账号 ${value.username} 已开通，初始密码为 ${password}，请登录后尽快修改。Your account ${value.username} is open; its password is ${password}, please change it after signing in.`,
          }).execute();
          await audit(trx, ctx.user, 'user.import', { type: 'user', id: user.id },
            { before: null, after: { ...auditView(user), mobile: maskMobile(user.mobile) } });
        }
        return { rows: accounts.length };
      }).catch((error: unknown) => {
        if (sqlState(error) === '23505') throw invalid({ file: 'validation.importChanged' });
        throw error;
      });
    },
  }),

  defineCall({
    path: 'systemUser/importTemplate',
    handler: async (ctx) => importTemplate(USER_IMPORT, ctx.locale),
  }),
];

/** Data rows the file holds: those read plus those refused (each counted once). */
function countRows(reading: { rows: { row: number }[]; errors: ImportRowError[] }): number {
  return new Set([...reading.rows.map((r) => r.row), ...reading.errors.filter((e) => e.row !== null && e.row > 1).map((e) => e.row)]).size;
}
