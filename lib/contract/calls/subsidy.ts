import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { idInput } from '../fields';
import {
  claimAct, claimDetail, claimLine, claimLinesInput, claimListInput, claimRow, excludeInput, lineInput, lprInput, payInput, proposeInput,
  reviewInput, subsidyRuleInput, subsidySettings, unclaimedRow,
} from '../subsidy';

const claims = { page: PAGES.subsidy } as const;
const button = (verb: string) => ({ permission: `subsidy::${verb}` }) as const;
/** An act on one claim: the button, and (resolved before the handler) the claim in scope and of the caller's own organisation of `org`'s kind. */
const claimAction = <I extends z.ZodType>(summary: string, input: I, verb: string, org: 'bank' | 'renshe') =>
  call({ summary, input, output: claimDetail, access: button(verb), page: PAGES.subsidy, row: { of: 'claim', by: 'id', org } });

/**
 * The interest subsidy 贴息 (DOMAIN.md section 6): its rule per borrower type and the LPR's
 * history (an administrator's), and the banks' quarterly claims: the bank proposes, leaves
 * periods out and submits; renshe checks and approves (two people) or returns, and records the
 * payout. A claim is seen by its bank and its renshe bureau only (and the operator).
 */
export const subsidyCalls = {
  'subsidyRule/getList': call({ summary: 'The subsidy rule of each borrower type with every version, and the LPR\'s history', input: z.object({}), output: subsidySettings, access: [claims, { page: PAGES.subsidySettings }], alsoGet: true }),
  'subsidyRule/add': call({ summary: 'A new version of a borrower type\'s subsidy rule, for periods due from its effective date (not before today)', input: subsidyRuleInput, output: subsidySettings, access: { permission: 'subsidyRule::edit' }, page: PAGES.subsidySettings }),
  'subsidyRule/addLpr': call({ summary: 'Record a published one-year LPR from its effective date (loans signed from then on take it)', input: lprInput, output: subsidySettings, access: { permission: 'subsidyRule::edit' }, page: PAGES.subsidySettings }),

  'subsidyClaim/getList': call({ summary: 'Subsidy claims in the caller\'s scope, newest first', input: claimListInput, output: page(claimRow), access: claims, page: PAGES.subsidy }),
  'subsidyClaim/unclaimed': call({ summary: 'What the caller\'s bank may still claim: periods repaid on time and not claimed, per quarter and bureau', input: z.object({}), output: z.array(unclaimedRow), access: claims, page: PAGES.subsidy, alsoGet: true }),
  'subsidyClaim/propose': call({ summary: 'Propose a quarter\'s claims (one per bureau) with every period repaid on time in it and not yet claimed (idempotent by key)', input: proposeInput, output: z.array(claimRow), access: button('claim'), page: PAGES.subsidy }),
  'subsidyClaim/getInfo': call({ summary: 'A claim with its steps and what the caller may do', input: idInput, output: claimDetail, access: claims, page: PAGES.subsidy, alsoGet: true, row: { of: 'claim', by: 'id' } }),
  'subsidyClaim/lines': call({ summary: 'A claim\'s periods (claimed, or left out with the reason)', input: claimLinesInput, output: page(claimLine), access: claims, page: PAGES.subsidy, row: { of: 'claim', by: 'id' } }),
  'subsidyClaim/exclude': claimAction('Leave a period out of a draft or returned claim, with the reason (it may be claimed later)', excludeInput, 'claim', 'bank'),
  'subsidyClaim/include': claimAction('Put a period left out back into the claim', lineInput, 'claim', 'bank'),
  'subsidyClaim/submit': claimAction('Submit a draft or returned claim to renshe', claimAct, 'claim', 'bank'),
  'subsidyClaim/delete': call({ summary: 'Delete a draft claim (its periods may be claimed again)', input: claimAct, output: z.null(), access: button('claim'), page: PAGES.subsidy, row: { of: 'claim', by: 'id', org: 'bank' } }),
  'subsidyClaim/review': claimAction('Renshe\'s check, then approval by another person, or a return to the bank with the reason', reviewInput, 'review', 'renshe'),
  'subsidyClaim/pay': claimAction('Record the finance payout of an approved claim: date, amount (the claim\'s) and voucher number', payInput, 'pay', 'renshe'),
  'subsidyClaim/export': call({ summary: 'A claim with its periods as .xlsx', input: idInput, output: fileAnswer, file: true, access: { all: [claims, button('export')] }, page: PAGES.subsidy, row: { of: 'claim', by: 'id' } }),
};
