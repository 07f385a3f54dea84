import { defineCall } from '../../core/call';
import { countRows, importCheck, importRefused, importTemplate, readImport, type ImportDefinition, type ImportedRow } from '../../core/import';
import type { Db } from '../../db';
import type { z } from '../../../lib/contract/zod';
import { IMPORT_MAX_BYTES, type ImportCheck, type ImportResult, type ImportRowError } from '../../../lib/contract/import';
import { blacklistAddInput } from '../../../lib/contract/risk';
import { addEntry } from './blacklist';
import { chinaToday } from '../../core/china-time';

const blacklistImportRow = blacklistAddInput;
type Row = z.infer<typeof blacklistImportRow>;

/** The blacklist import (黑名单's 导入): at most 1,000 people a file, each ID number once. */
const BLACKLIST_IMPORT: ImportDefinition<typeof blacklistImportRow> = {
  columns: [
    { field: 'name', label: 'resources.blacklist.name', required: true },
    { field: 'idNumber', label: 'resources.blacklist.idNumber', required: true },
    { field: 'mobile', label: 'resources.blacklist.mobile' },
    { field: 'reason', label: 'resources.blacklist.reason', required: true },
    { field: 'expiresOn', label: 'resources.blacklist.expiresOn', kind: 'day' },
  ],
  row: blacklistImportRow,
  maxRows: 1000,
  maxBytes: IMPORT_MAX_BYTES,
  unique: ['idNumber'],
  templateName: 'resources.blacklist.importTemplate',
};

/** Rows whose person already has an active entry, and ends already past. */
async function checkAgainst(db: Db, now: Date, rows: ImportedRow<Row>[]): Promise<ImportRowError[]> {
  if (!rows.length) return [];
  const active = new Set((await db.selectFrom('blacklist').select('id_number').where('relieved_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where('id_number', 'in', rows.map((r) => r.value.idNumber)).execute()).map((r) => r.id_number));
  const today = chinaToday(now);
  return rows.flatMap(({ row, value }) => [
    ...(active.has(value.idNumber) ? [{ row, column: 'resources.blacklist.idNumber', key: 'validation.blacklistTaken' }] : []),
    ...(value.expiresOn && value.expiresOn < today ? [{ row, column: 'resources.blacklist.expiresOn', key: 'validation.expiryPast' }] : []),
  ]);
}

export const blacklistImportCalls = [
  defineCall({
    path: 'sysBlackList/importCheck',
    async handler(ctx, input): Promise<ImportCheck> {
      const reading = await readImport(input.file, BLACKLIST_IMPORT);
      const errors = [...reading.errors, ...await checkAgainst(ctx.db, ctx.now, reading.rows)].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
      return importCheck(countRows(reading), errors);
    },
  }),
  defineCall({
    path: 'sysBlackList/importCommit',
    async handler(ctx, input): Promise<ImportResult> {
      const reading = await readImport(input.file, BLACKLIST_IMPORT);
      if (reading.errors.length) throw importRefused(importCheck(countRows(reading), reading.errors));
      return ctx.db.transaction().execute(async (trx) => {
        // Every row is checked again inside the transaction, before any is written.
        const errors = await checkAgainst(trx, ctx.now, reading.rows);
        if (errors.length) throw importRefused(importCheck(reading.rows.length, errors));
        const ref = `${chinaToday(ctx.now)} ${input.file.name}`.slice(0, 64);
        for (const { row, value } of reading.rows) {
          const id = await addEntry(trx, ctx, { ...value, source: 'IMPORT', sourceRef: ref });
          if (id === null) throw importRefused(importCheck(reading.rows.length, [{ row, column: 'resources.blacklist.idNumber', key: 'validation.blacklistTaken' }]));
        }
        return { rows: reading.rows.length };
      });
    },
  }),
  defineCall({ path: 'sysBlackList/importTemplate', handler: async (ctx) => importTemplate(BLACKLIST_IMPORT, ctx.locale) }),
];
