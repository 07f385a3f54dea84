import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { operationLogExportInput, operationLogListInput, operationLogRow, signInLogExportInput, signInLogListInput, signInLogRow } from '../logs';

const operations = { page: PAGES.operationLog } as const;
const signIns = { page: PAGES.signInLog } as const;

/** The operation log and the sign-in log (read only: no call edits or deletes an entry). */
export const logCalls = {
  'operationLog/list': call({ summary: 'Audit entries: who, organisation, action, record, what changed, when, from which address', input: operationLogListInput, output: page(operationLogRow), access: operations, page: PAGES.operationLog }),
  'operationLog/export': call({
    summary: 'The operation log search as .xlsx', input: operationLogExportInput, output: fileAnswer, file: true,
    access: { all: [operations, { permission: 'operationLog::export' }] }, page: PAGES.operationLog,
  }),
  'loginLog/list': call({ summary: 'Sign-in attempts: success, failure, lock-out, with name, organisation and address', input: signInLogListInput, output: page(signInLogRow), access: signIns, page: PAGES.signInLog }),
  'loginLog/export': call({
    summary: 'The sign-in log search as .xlsx', input: signInLogExportInput, output: fileAnswer, file: true,
    access: { all: [signIns, { permission: 'loginLog::export' }] }, page: PAGES.signInLog,
  }),
};
