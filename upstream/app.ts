import { Hono } from 'hono';
import type { Db } from './db';
import { defaultOptions, type UpstreamOptions } from './options';
import { createDispatch, mountCalls, type Dispatch } from './core/dispatch';
import type { AnyCall } from './core/call';
import { authCalls } from './modules/auth/calls';
import { menuCalls } from './modules/menu/calls';
import { messageCalls } from './modules/message/calls';
import { commonCalls } from './modules/common/calls';
import { organizaCalls } from './modules/system/organiza';
import { userCalls } from './modules/system/user';
import { orgRowAccess, userRowAccess } from './modules/system/row-kinds';
import { userImportCalls } from './modules/system/user-import';
import { roleCalls } from './modules/system/role';
import { permissionCalls } from './modules/system/permission';
import { readCalls } from './modules/workflow/read-calls';
import { actionCalls } from './modules/workflow/action-calls';
import { intakeCalls } from './modules/workflow/intake';
import { returnCalls } from './modules/workflow/returns';
import { fileCalls } from './modules/files/calls';
import { loanListCalls } from './modules/workflow/loan-lists';
import { exportCalls } from './modules/workflow/export';
import { statisticsCalls } from './modules/statistics/calls';
import { flowCalls, flowRowAccess } from './modules/flow/calls';
import { overtimeCalls } from './modules/flow/overtime';
import { calendarCalls } from './modules/calendar/calls';
import { homeCalls } from './modules/home/calls';
import { contentCalls } from './modules/content';
import { recordCalls } from './modules/workflow/record-calls';
import { houseCalls } from './modules/workflow/house-calls';
import { bondingCalls, companyRowAccess } from './modules/reports/bonding';
import { applyCalls } from './modules/reports/apply-calls';
import { reportCalls } from './modules/reports/report-calls';
import { smsTemplateCalls } from './modules/sms/template';
import { smsOutboxCalls } from './modules/sms/outbox';
import { guaranteeCalls } from './modules/products/guarantee';
import { productCalls } from './modules/products/product';
import { agreementCalls } from './modules/products/agreement';
import { riskCalls } from './modules/risk/calls';
import { lookupErrorCalls } from './modules/lookups/errors';
import { insureCalls } from './modules/lookups/insure';
import { historyCalls } from './modules/history/calls';
import { pushTargetCalls } from './modules/push/targets';
import { pushLogCalls } from './modules/push/log';
import { renshePushCalls } from './modules/push/renshe-log';
import { logCalls } from './modules/system/logs';
import type { RowKinds } from './core/row-access';
import { caseRowAccess } from './modules/workflow/case-row';
import { guaranteeCalls as loanGuaranteeCalls } from './modules/loans/guarantee';
import { fundCalls, fundRowAccess } from './modules/loans/fund';
import { postLoanSettingCalls } from './modules/loans/settings';
import { ledgerCalls } from './modules/loans/read';
import { repayCalls } from './modules/loans/repay';
import { loanRowAccess } from './modules/loans/store';
import { claimCalls } from './modules/subsidy/claims';
import { claimReadCalls, claimRowAccess } from './modules/subsidy/read';
import { subsidyRuleCalls } from './modules/subsidy/rules';

export const allCalls: readonly AnyCall[] = [
  ...authCalls, ...menuCalls, ...messageCalls, ...commonCalls,
  ...organizaCalls, ...userCalls, ...userImportCalls, ...roleCalls, ...permissionCalls,
  ...readCalls, ...actionCalls, ...intakeCalls, ...returnCalls, ...loanListCalls, ...fileCalls, ...exportCalls, ...statisticsCalls,
  ...flowCalls, ...overtimeCalls, ...calendarCalls, ...homeCalls, ...contentCalls, ...recordCalls, ...houseCalls, ...bondingCalls, ...applyCalls, ...reportCalls,
  ...smsTemplateCalls, ...smsOutboxCalls, ...guaranteeCalls, ...productCalls, ...agreementCalls, ...riskCalls, ...lookupErrorCalls, ...insureCalls, ...historyCalls,
  ...pushTargetCalls, ...pushLogCalls, ...renshePushCalls, ...ledgerCalls, ...repayCalls,
  ...loanGuaranteeCalls, ...fundCalls, ...postLoanSettingCalls, ...logCalls, ...subsidyRuleCalls, ...claimReadCalls, ...claimCalls,
];

/** The kinds of record a call's row access names (lib/contract/call.ts RowAccess), each resolved by its module. */
const ROW_KINDS: RowKinds = {
  case: caseRowAccess, loan: loanRowAccess, org: orgRowAccess, user: userRowAccess, company: companyRowAccess, flow: flowRowAccess, claim: claimRowAccess, fund: fundRowAccess,
};

/** Every call of the /api contract over one database, as a function (the in-process BFF calls it so). */
export function createCallDispatch(db: Db, options: Partial<UpstreamOptions> = {}): Dispatch {
  return createDispatch(db, { ...defaultOptions, ...options }, allCalls, ROW_KINDS);
}

/** The platform service over HTTP: every call under /api/<path>. */
export function createUpstreamApp(db: Db, options: Partial<UpstreamOptions> = {}, dispatch = createCallDispatch(db, options)) {
  const app = new Hono();
  mountCalls(app, dispatch);
  return app;
}
