import { call } from '../call';
import { fileAnswer, page } from '../output';
import { applicationRow } from '../workflow';
import { loanCount, loanCountInput, statisticsForm, statisticsInput, statisticsUnfoldInput } from '../statistics';
import { STATISTICS_PAGE, statisticsExport, type StatisticsSide } from '../../workflow/statistics';

const sidePage = (input: { side: StatisticsSide }) => ({ page: STATISTICS_PAGE[input.side] });
const sideExport = (input: { side: StatisticsSide }) => ({ all: [sidePage(input), { permission: statisticsExport(input.side) }] });
const byType = (summary: string) => call({ summary, input: loanCountInput, output: loanCount, access: sidePage, accessBy: 'side' });

/** Bank and guarantee statistics (the side names the page: bank or guarantee). */
export const statisticsCalls = {
  'businessClubFirstTrial/statisticsForm': call({ summary: 'Statistics of a period: summary, by status, stage, organisation and month; loans after issue; on the bank side the subsidy per month repaid', input: statisticsInput, output: statisticsForm, access: sidePage, accessBy: 'side' }),
  'businessClubFirstTrial/statisticsFormUnfold': call({ summary: 'The cases behind one figure', input: statisticsUnfoldInput, output: page(applicationRow), access: sidePage, accessBy: 'side', scoped: 'case' }),
  'businessClubFirstTrial/statisticsFormExport': call({ summary: 'The statistics as .xlsx', input: statisticsInput, output: fileAnswer, file: true, access: sideExport, accessBy: 'side' }),
  'businessClubFirstTrial/loanCountStatisticsPerson': byType('Personal loans by organisation'),
  'businessClubFirstTrial/loanCountStatisticsSmallCompany': byType('Small-company loans by organisation'),
  'businessClubFirstTrial/loanCountStatisticsPartnership': byType('Partnership loans by organisation'),
  'businessClubFirstTrial/loanCountStatisticsExport': call({ summary: 'Loans by borrower type as .xlsx', input: loanCountInput, output: fileAnswer, file: true, access: sideExport, accessBy: 'side' }),
};
