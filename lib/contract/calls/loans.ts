import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { idInput } from '../fields';
import { ANY_CASE_READER, caseRow } from './workflow';
import {
  compensateInput, earlierLoan, contributeInput, decideInput, fundEntriesInput, fundEntry, fundOverview, ledgerExportInput, ledgerListInput, ledgerRow,
  loanAccount, postLoanSettingsAnswer, postLoanSettingsInput, recoverInput, repayInput, writeOffInput,
} from '../loans';

const ledger = { page: PAGES.ledger } as const;
const fund = { page: PAGES.fund } as const;
const button = (verb: string) => ({ permission: `postLoan::${verb}` }) as const;
/** An act on one loan: the button, and (resolved before the handler) the loan in scope and of the caller's own organisation of `org`'s kind. */
const accountAction = <I extends z.ZodType>(summary: string, input: I, verb: string, org: 'bank' | 'guarantee' | 'renshe') =>
  call({ summary, input, output: loanAccount, access: button(verb), page: PAGES.ledger, row: { of: 'loan', by: 'id', org } });

/**
 * The loan after issue (DOMAIN.md section 6): the post-loan ledger and each loan's account, the
 * bank's repayment reports, the guarantee company's compensation (four eyes), recovery and
 * write-off (confirmed by renshe), the guarantee fund and the post-loan settings. Every loan is
 * seen by its bank, its guarantee company and its renshe bureau only (and the operator).
 */
export const loanCalls = {
  'loanAccount/getList': call({ summary: 'The post-loan ledger: issued loans in the caller\'s scope by state, outstanding, next due and days overdue', input: ledgerListInput, output: page(ledgerRow), access: ledger, page: PAGES.ledger }),
  'loanAccount/export': call({ summary: 'The post-loan ledger search as .xlsx', input: ledgerExportInput, output: fileAnswer, file: true, access: { all: [ledger, button('export')] }, page: PAGES.ledger }),
  'loanAccount/getInfo': call({ summary: 'A loan\'s account: schedule, repayments, compensation, recovery and write-off, with what the caller may do', input: idInput, output: loanAccount, access: ledger, page: PAGES.ledger, alsoGet: true, row: { of: 'loan', by: 'id' } }),
  'loanAccount/earlier': call({
    summary: 'A case\'s proposer\'s earlier start-up loans, settled or not (borrowing again): number, principal, issue date, state', input: idInput,
    output: z.array(earlierLoan), access: ANY_CASE_READER, row: caseRow(), alsoGet: true,
  }),
  'loanAccount/repay': accountAction('The bank\'s repayment report: a period\'s instalment or an early repayment (idempotent by the report id)', repayInput, 'repay', 'bank'),
};

/** The guarantee company's side after issue, the guarantee fund and the post-loan settings. */
export const guaranteeSideCalls = {
  'loanAccount/compensate': accountAction('Record the guarantee company\'s compensation of a loan overdue past the claim threshold (a second person confirms it)', compensateInput, 'compensate', 'guarantee'),
  'loanAccount/confirmCompensation': accountAction('Confirm or reject a recorded compensation (another person of the guarantee company)', decideInput, 'confirmCompensation', 'guarantee'),
  'loanAccount/recover': accountAction('Record an amount recovered on a compensated loan', recoverInput, 'recover', 'guarantee'),
  'loanAccount/writeOff': accountAction('Ask to write off what a compensated loan still owes (after the configured years)', writeOffInput, 'chargeOff', 'guarantee'),
  'loanAccount/confirmWriteOff': accountAction('Confirm or reject a write-off (renshe)', decideInput, 'confirmChargeOff', 'renshe'),

  'guaranteeFund/getList': call({ summary: 'The guarantee funds in the caller\'s scope with leverage and compensation rates, and the banks\' compensation rates', input: z.object({}), output: fundOverview, access: fund, page: PAGES.fund, alsoGet: true }),
  'guaranteeFund/entries': call({ summary: 'A guarantee fund\'s entries: contributions, compensations and recoveries, newest first', input: fundEntriesInput, output: page(fundEntry), access: fund, page: PAGES.fund, row: { of: 'fund', by: 'orgId' } }),
  'guaranteeFund/contribute': call({
    summary: 'Record a contribution to a guarantee company\'s fund (idempotent by key)', input: contributeInput, output: fundEntry, access: { permission: 'fund::contribute' }, page: PAGES.fund,
    row: { of: 'fund', by: 'orgId', org: 'guarantee' },
  }),

  'postLoanSetting/get': call({ summary: 'The post-loan settings: claim threshold, write-off years, leverage and compensation-rate limits', input: z.object({}), output: postLoanSettingsAnswer, access: [ledger, fund, { page: PAGES.postLoanSettings }], alsoGet: true }),
  'postLoanSetting/update': call({ summary: 'Change the post-loan settings (stale version 409)', input: postLoanSettingsInput, output: postLoanSettingsAnswer, access: { permission: 'postLoanSetting::edit' }, page: PAGES.postLoanSettings }),
};
