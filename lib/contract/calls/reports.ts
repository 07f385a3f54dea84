import { call } from '../call';
import { fileAnswer, page } from '../output';
import { PAGES } from '../pages';
import { applicationRow } from '../workflow';
import { applyStatistics, applyStatisticsInput, applyUnfoldInput } from '../apply-statistics';
import { APPLY_STATISTICS_EXPORT } from '../../workflow/reports';

const APPLY_PAGE = { page: PAGES.applyStatistics };

/** The application statistics (/admin/setting/statistics/apply) and the monthly report (/admin/setting/report). */
export const reportCalls = {
  'applyStatistics/form': call({
    summary: 'Application statistics of a period: by period, region, borrower type, client group and product; funnel, working days per stage, refusals, overdue share',
    input: applyStatisticsInput, output: applyStatistics, access: APPLY_PAGE, page: PAGES.applyStatistics,
  }),
  'applyStatistics/unfold': call({ summary: 'The applications behind one figure of the application statistics', input: applyUnfoldInput, output: page(applicationRow), access: APPLY_PAGE, page: PAGES.applyStatistics }),
  'applyStatistics/export': call({
    summary: 'The application statistics as .xlsx', input: applyStatisticsInput, output: fileAnswer, file: true,
    access: { all: [APPLY_PAGE, { permission: APPLY_STATISTICS_EXPORT }] }, page: PAGES.applyStatistics,
  }),
};
