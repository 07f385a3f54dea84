import { call } from '../call';
import { fileAnswer, page } from '../output';
import { PAGES } from '../pages';
import { applicationRow } from '../workflow';
import { applyStatistics, applyStatisticsInput, applyUnfoldInput } from '../apply-statistics';
import { APPLY_STATISTICS_EXPORT, REPORT_EXPORT } from '../../workflow/reports';
import { bankStatistics, employeeRow, employmentForm, employmentUnfoldInput, reportInput, reportStatistics } from '../report';

const APPLY_PAGE = { page: PAGES.applyStatistics };
const REPORT_PAGE = { page: PAGES.report };
const REPORT_FILE = { all: [REPORT_PAGE, { permission: REPORT_EXPORT }] };

/** The application statistics (/admin/setting/statistics/apply) and the monthly report (/admin/setting/report). */
export const reportCalls = {
  'applyStatistics/form': call({
    summary: 'Application statistics of a period: by period, region, borrower type, client group and product; funnel, working days per stage, refusals, overdue share',
    input: applyStatisticsInput, output: applyStatistics, access: APPLY_PAGE, page: PAGES.applyStatistics,
  }),
  'applyStatistics/unfold': call({ summary: 'The applications behind one figure of the application statistics', input: applyUnfoldInput, output: page(applicationRow), access: APPLY_PAGE, page: PAGES.applyStatistics, scoped: 'case' }),
  'applyStatistics/export': call({
    summary: 'The application statistics as .xlsx', input: applyStatisticsInput, output: fileAnswer, file: true,
    access: { all: [APPLY_PAGE, { permission: APPLY_STATISTICS_EXPORT }] }, page: PAGES.applyStatistics,
  }),
  'reportStatistics/form': call({
    summary: 'The monthly report: per region and month issued the loans, people supported and jobs created, where those loans stand now; the interest subsidy owed, claimed and paid per region and month repaid', input: reportInput, output: reportStatistics,
    access: REPORT_PAGE, page: PAGES.report,
  }),
  'reportStatistics/export': call({ summary: 'The monthly report as .xlsx (regions, months, banks, the subsidy by month repaid, jobs, guarantee balances)', input: reportInput, output: fileAnswer, file: true, access: REPORT_FILE, page: PAGES.report }),
  'bankStatistics/form': call({ summary: 'The monthly report per bank, with the subsidy per bank and per month repaid and bank', input: reportInput, output: bankStatistics, access: REPORT_PAGE, page: PAGES.report }),
  'businessClubFirstTrial/employmentForm': call({ summary: 'Jobs created by the loans issued: per month and borrower type, employees and those from the key groups', input: reportInput, output: employmentForm, access: REPORT_PAGE, page: PAGES.report }),
  'businessClubFirstTrial/employmentFormUnfold': call({ summary: 'The employees behind one figure of the jobs created (masked)', input: employmentUnfoldInput, output: page(employeeRow), access: REPORT_PAGE, page: PAGES.report }),
  'businessClubFirstTrial/employmentFormExport': call({ summary: 'The jobs created as .xlsx', input: reportInput, output: fileAnswer, file: true, access: REPORT_FILE, page: PAGES.report }),
};
