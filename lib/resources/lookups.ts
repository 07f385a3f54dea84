import { IMPORT_MAX_BYTES } from '../contract/limits';
import type { HistoryRowOut } from '../contract/history';
import type { LookupErrorRow } from '../contract/lookups';
import { LOOKUP_SOURCES } from '../workflow/lookup-sources';
import type { Option, ResourceSpec } from './types';
import './rules/lookups.generated';

const err = (key: string) => `resources.lookupError.${key}`;
const his = (key: string) => `resources.history.${key}`;

const SOURCE_OPTIONS: Option[] = LOOKUP_SOURCES.map((s) => ({ value: s, label: err(`source${s}`), color: s === 'CREDIT' ? 'purple' : 'blue' }));
const MODE_OPTIONS: Option[] = (['ALL', 'CLEAN'] as const).map((m) => ({ value: m, label: his(`mode${m}`), color: m === 'ALL' ? 'green' : 'orange' }));

/** The real-time errors of the outside lookups (business-real-time-exception): searched, retried one by one. */
export const lookupErrorSpec: ResourceSpec<LookupErrorRow> = {
  key: 'lookupError',
  rowKey: (row) => row.id,
  list: 'business-real-time-exception/getList',
  search: [
    { name: 'number', label: err('number'), kind: 'text' },
    { name: 'name', label: err('name'), kind: 'text' },
    { name: 'source', label: err('source'), kind: 'select', options: SOURCE_OPTIONS },
    { name: 'resolved', label: err('resolved'), kind: 'switch' },
    { name: 'date', label: err('createTime'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'createTime', title: err('createTime'), kind: 'datetime', sort: 'createTime' },
    { key: 'number', title: err('number') },
    { key: 'name', title: err('name') },
    { key: 'idNumber', title: err('idNumber'), hidden: true },
    { key: 'source', title: err('source'), kind: 'enum', options: SOURCE_OPTIONS },
    { key: 'interface', title: err('interface'), hidden: true },
    { key: 'code', title: err('code'), width: 90 },
    { key: 'message', title: err('message'), ellipsis: true },
    { key: 'retries', title: err('retries'), width: 90, hidden: true },
    { key: 'resolved', title: err('resolved'), kind: 'boolean' },
    { key: 'resolvedAt', title: err('resolvedAt'), kind: 'datetime', hidden: true },
  ],
  actions: [{ key: 'retry', label: err('retry'), call: 'business-real-time-exception/retry', dialog: 'retry', when: (row) => !row.resolved }],
};

/** The historical-data imports (sysImportHistory): the history of imports, and the import itself (template, check, all or clean rows, error report). */
export const historySpec: ResourceSpec<HistoryRowOut> = {
  key: 'history',
  rowKey: (row) => row.id,
  list: 'sysImportHistory/getList',
  search: [
    { name: 'fileName', label: his('fileName'), kind: 'text' },
    { name: 'date', label: his('createTime'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'fileName', title: his('fileName'), ellipsis: true },
    { key: 'user', title: his('user') },
    { key: 'createTime', title: his('createTime'), kind: 'datetime', sort: 'createTime' },
    { key: 'mode', title: his('mode'), kind: 'enum', options: MODE_OPTIONS },
    { key: 'rowsRead', title: his('rowsRead'), width: 100 },
    { key: 'imported', title: his('imported'), width: 100 },
    { key: 'created', title: his('created'), width: 100 },
    { key: 'updated', title: his('updated'), width: 100 },
    { key: 'refused', title: his('refused'), width: 100 },
  ],
  importer: {
    check: 'sysImportHistory/check', commit: 'sysImportHistory/importAll', commitClean: 'sysImportHistory/importClean',
    template: 'sysImportHistory/template', report: 'sysImportHistory/errorReport', maxBytes: IMPORT_MAX_BYTES,
  },
};
