import { defineCall } from '../../core/call';
import { ensureExportable, xlsxFile } from '../../core/export';
import type { Translate } from '../../core/i18n';
import { chinaDateCell, type Cell } from '../../core/xlsx';
import type { ApplicationRow } from '../../../lib/contract/workflow';
import { applyOrder, countUpTo, workbenchCases } from './list';
import { applicationRows, toApplicationRow } from './rows';

/** Columns of a workbench export: header key (under resources.workbench) and the cell of a row. */
export const COLUMNS: [string, (row: ApplicationRow, t: Translate) => Cell][] = [
  ['number', (r) => r.number],
  ['name', (r) => r.name],
  ['idNumber', (r) => r.idNumber],
  ['mobile', (r) => r.mobile],
  ['borrowerType', (r, t) => t(`approval.borrowerType.${r.borrowerType}`)],
  ['amount', (r) => r.amount],
  ['term', (r) => r.termMonths],
  ['guaranteeMethod', (r, t) => t(`approval.guaranteeMethod.${r.guaranteeMethod}`)],
  ['status', (r, t) => (r.status === 'IN_REVIEW' && r.stage ? t(`approval.reviewAt.${r.stage}`) : t(`approval.status.${r.status}`))],
  ['assignee', (r) => r.assignee?.nickname ?? ''],
  ['deadline', (r) => chinaDateCell(r.deadline)],
  ['overdue', (r, t) => t(r.overdue ? 'crud.yes' : 'crud.no')],
  ['guaranteeOrg', (r) => r.guaranteeOrg],
  ['bankOrg', (r) => r.bankOrg],
  ['createTime', (r) => chinaDateCell(r.createTime)],
];

export const exportCalls = [
  defineCall({
    path: 'businessClubFirstTrial/exportAll',
    async handler(ctx, input) {
      const cases = await workbenchCases(ctx.db, ctx.user, input, ctx.now);
      ensureExportable(await countUpTo(ctx.db, cases, ctx.options.exportMaxRows), ctx.options.exportMaxRows);
      const records = await applyOrder(applicationRows(ctx.db).where('a.id', 'in', cases.select('a.id')), input.order).execute();
      const rows = records.map((record) => toApplicationRow(record, ctx.now));
      // The same few texts (statuses, types, yes and no) on every row: each translated once.
      const texts = new Map<string, string>();
      const t: Translate = (key, params) => (params ? ctx.t(key, params) : texts.get(key) ?? texts.set(key, ctx.t(key)).get(key)!);
      const title = ctx.t(`resources.workbench.${input.stage}.title`);
      return xlsxFile(title, ctx.now, [{
        name: title,
        header: COLUMNS.map(([key]) => ctx.t(`resources.workbench.${key}`)),
        rows: rows.map((row) => COLUMNS.map(([, cell]) => cell(row, t))),
        widths: [22, 10, 22, 15, 12, 14, 10, 14, 22, 12, 18, 10, 28, 24, 18],
      }]);
    },
  }),
];
