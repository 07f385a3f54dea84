import { defineCall, type CallContext, type AuthUser } from '../../core/call';
import { xlsxFile } from '../../core/export';
import type { Page } from '../../../lib/contract/common';
import type { ApplicationRow } from '../../../lib/contract/workflow';
import type { LoanCount, StatisticsForm } from '../../../lib/contract/statistics';
import type { BorrowerType } from '../../../lib/workflow/stages';
import type { StatisticsSide } from '../../../lib/workflow/statistics';
import { pageOf } from '../workflow/list';
import { loanCount, loanCountsAll, statisticsForm } from './figures';
import { cellCases, periodOf, statisticsCases } from './query';
import { formSheets, loanCountSheets } from './sheets';

/** Who may see the statistics at all: holders of either page; each call checks its own page. */

const pageTitle = (ctx: CallContext<AuthUser>, side: StatisticsSide) => ctx.t(`statistics.title.${side}`);

/** loanCountStatistics<Type>: the loans of one borrower type by organisation. */
const loanCountCall = (path: 'businessClubFirstTrial/loanCountStatisticsPerson' | 'businessClubFirstTrial/loanCountStatisticsSmallCompany'
  | 'businessClubFirstTrial/loanCountStatisticsPartnership', borrowerType: BorrowerType) => defineCall({
  path,
  async handler(ctx, input): Promise<LoanCount> {
    return loanCount(ctx.db, ctx.user, input, borrowerType, ctx.now);
  },
});

export const statisticsCalls = [
  defineCall({
    path: 'businessClubFirstTrial/statisticsForm',
    async handler(ctx, input): Promise<StatisticsForm> {
      return statisticsForm(ctx.db, ctx.user, input, ctx.now);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/statisticsFormUnfold',
    async handler(ctx, input): Promise<Page<ApplicationRow>> {
      const base = await statisticsCases(ctx.db, ctx.user, input, periodOf(input, ctx.now));
      return pageOf(ctx.db, ctx.user, cellCases(base, input, ctx.now), input, ctx.now);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/statisticsFormExport',
    async handler(ctx, input) {
      const form = await statisticsForm(ctx.db, ctx.user, input, ctx.now);
      return xlsxFile(pageTitle(ctx, input.side), ctx.now, formSheets(form, ctx.t));
    },
  }),
  loanCountCall('businessClubFirstTrial/loanCountStatisticsPerson', 'PERSON'),
  loanCountCall('businessClubFirstTrial/loanCountStatisticsSmallCompany', 'SMALL_COMPANY'),
  loanCountCall('businessClubFirstTrial/loanCountStatisticsPartnership', 'PARTNERSHIP'),
  defineCall({
    path: 'businessClubFirstTrial/loanCountStatisticsExport',
    async handler(ctx, input) {
      const counts = await loanCountsAll(ctx.db, ctx.user, input, ctx.now);
      return xlsxFile(`${pageTitle(ctx, input.side)}-${ctx.t('statistics.byBorrowerType')}`, ctx.now, loanCountSheets(counts, ctx.t));
    },
  }),
];
