import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { importCheck, importInput, IMPORT_BODY_MAX_BYTES } from '../import';
import { insureInput, insuranceInfo, lookupErrorListInput, lookupErrorRow, lookupRetryInput } from '../lookups';
import { historyListInput, historyResult, historyRowOut } from '../history';
import { ANY_CASE_READER, caseRow } from './workflow';

const multipart = { multipart: { maxBytes: IMPORT_BODY_MAX_BYTES } } as const;
const none = z.object({});
const errors = { page: PAGES.lookupErrors } as const;
const history = { page: PAGES.history } as const;
const importing = { permission: 'history::import' } as const;

/** The outside lookups and their real-time errors, and the historical-data import (DOMAIN.md section 4). */
export const lookupCalls = {
  'GovernmentDataSc/insure': call({
    summary: 'A case\'s proposer\'s social-insurance record: cached with its read time, read on first ask; refresh (a reviewer of the case\'s stage) reads it again and re-checks the INSURANCE indicators',
    input: insureInput, output: insuranceInfo, access: ANY_CASE_READER, row: { ...caseRow(), button: 'check', when: 'refresh', live: true },
  }),
  'business-real-time-exception/getList': call({
    summary: 'Failed credit-report and government-data lookups, newest first, searched', input: lookupErrorListInput, output: page(lookupErrorRow), access: errors, page: PAGES.lookupErrors,
  }),
  'business-real-time-exception/retry': call({
    summary: 'Run a failed lookup again; when it answers, re-check the case\'s indicators of that source and mark the error resolved',
    input: lookupRetryInput, output: lookupErrorRow, access: { permission: 'lookupError::retry' }, page: PAGES.lookupErrors,
  }),

  'sysImportHistory/getList': call({ summary: 'Historical-data imports: file, who, when, rows read, imported, refused', input: historyListInput, output: page(historyRowOut), access: history, page: PAGES.history }),
  'sysImportHistory/template': call({ summary: 'The historical-data import template (.xlsx)', input: none, output: fileAnswer, file: true, access: importing, page: PAGES.history, alsoGet: true }),
  'sysImportHistory/check': call({
    summary: 'Check an .xlsx of earlier loans (multipart: file): rows read and every bad row with its reasons', input: importInput, output: importCheck,
    access: importing, page: PAGES.history, body: multipart,
  }),
  'sysImportHistory/errorReport': call({
    summary: 'The check\'s bad rows as an .xlsx (each row with its reasons, in the caller\'s language)', input: importInput, output: fileAnswer, file: true,
    access: importing, page: PAGES.history, body: multipart,
  }),
  'sysImportHistory/importAll': call({
    summary: 'Import every loan of a clean file in one transaction (a file with errors is refused, nothing written); a loan number imported again is updated',
    input: importInput, output: historyResult, access: importing, page: PAGES.history, body: multipart,
  }),
  'sysImportHistory/importClean': call({
    summary: 'Import the clean rows of a file in one transaction, leaving out the bad ones (counted as refused)',
    input: importInput, output: historyResult, access: importing, page: PAGES.history, body: multipart,
  }),
};
