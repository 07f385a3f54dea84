import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, nothing, page } from '../output';
import { importCheck, importInput, importResult, IMPORT_BODY_MAX_BYTES } from '../import';
import { applicationIdInput, refuseReasonOption } from '../workflow';
import { indicatorDraft, indicatorEditInput, indicatorIssueInput, indicatorIssueResult, indicatorListInput, indicatorRow, modelListInput, modelRow, redFlags } from '../indicators';
import { ANY_CASE_READER as caseReader, anyStage, caseRow } from './workflow';
import {
  blacklistAddInput, blacklistListInput, blacklistRelieveInput, blacklistRow, borrowerTypeRow, borrowerTypeUpdateInput, clientGroupDeleteInput,
  clientGroupEditInput, clientGroupListInput, clientGroupRow, indicatorReasonAddInput, indicatorReasonUpdateInput, reasonDeleteInput, reasonListInput,
  reasonOptionsInput, reasonRow, situationRow, statusReasonAddInput, statusReasonUpdateInput, strategyDeleteInput, strategyEditInput, strategyListInput,
  strategyRow, whitelistDeleteInput, whitelistEditInput, whitelistListInput, whitelistRow,
} from '../risk';

type Module = 'strategy' | 'blacklist' | 'whitelist' | 'indicatorReason' | 'statusReason' | 'clientGroup' | 'indicator';
const button = (permission: `${Module}::${string}`) => ({ permission }) as const;
const multipart = { multipart: { maxBytes: IMPORT_BODY_MAX_BYTES } } as const;
const none = z.object({});
const black = { page: PAGES.blacklist } as const;
const white = { page: PAGES.whitelist } as const;
const indicator = { page: PAGES.indicatorReasons } as const;
const status = { page: PAGES.statusReasons } as const;
const groups = { page: PAGES.clientGroups } as const;
const indicators = { page: PAGES.indicators } as const;
const models = { page: PAGES.models } as const;
const strategy = { page: PAGES.strategy } as const;

/** Eligibility and risk (DOMAIN.md section 1): blacklist, whitelist, refusal reasons and client groups. */
export const riskCalls = {
  'sysBlackList/getList': call({ summary: 'Blacklist entries (active, expired, relieved), paged and searched', input: blacklistListInput, output: page(blacklistRow), access: black, page: PAGES.blacklist }),
  'sysBlackList/add': call({ summary: 'Blacklist one person (one active entry per ID number)', input: blacklistAddInput, output: blacklistRow, access: button('blacklist::add'), page: PAGES.blacklist }),
  'sysBlackList/relieve': call({ summary: 'Relieve an active entry with a reason (the row is kept)', input: blacklistRelieveInput, output: blacklistRow, access: button('blacklist::relieve'), page: PAGES.blacklist }),
  'sysBlackList/importCheck': call({
    summary: 'Check an .xlsx of people to blacklist (multipart: file): rows read and row errors', input: importInput, output: importCheck,
    access: button('blacklist::import'), page: PAGES.blacklist, body: multipart,
  }),
  'sysBlackList/importCommit': call({
    summary: 'Blacklist the people of a checked .xlsx, all or none', input: importInput, output: importResult,
    access: button('blacklist::import'), page: PAGES.blacklist, body: multipart,
  }),
  'sysBlackList/importTemplate': call({ summary: 'The blacklist import template (.xlsx)', input: none, output: fileAnswer, file: true, access: button('blacklist::import'), page: PAGES.blacklist, alsoGet: true }),

  'sysWhiteList/getList': call({ summary: 'Whitelist entries, paged and searched', input: whitelistListInput, output: page(whitelistRow), access: white, page: PAGES.whitelist }),
  'sysWhiteList/edit': call({
    summary: 'Add (no id) or change (id, version) a whitelist entry', input: whitelistEditInput, output: whitelistRow,
    access: (input) => (input.id === undefined ? button('whitelist::add') : button('whitelist::edit')), accessBy: 'id', page: PAGES.whitelist,
  }),
  'sysWhiteList/del': call({ summary: 'Remove a whitelist entry', input: whitelistDeleteInput, output: nothing, access: button('whitelist::delete'), page: PAGES.whitelist }),

  'indicatorRefuseConfig/list': call({ summary: 'Refusal reasons of the indicators', input: reasonListInput, output: page(reasonRow), access: indicator, page: PAGES.indicatorReasons }),
  'indicatorRefuseConfig/add': call({ summary: 'Add an indicator refusal reason', input: indicatorReasonAddInput, output: reasonRow, access: button('indicatorReason::add'), page: PAGES.indicatorReasons }),
  'indicatorRefuseConfig/update': call({ summary: 'Change an indicator refusal reason', input: indicatorReasonUpdateInput, output: reasonRow, access: button('indicatorReason::edit'), page: PAGES.indicatorReasons }),
  'indicatorRefuseConfig/del': call({ summary: 'Delete an unused reason; a used one is disabled', input: reasonDeleteInput, output: nothing, access: button('indicatorReason::delete'), page: PAGES.indicatorReasons }),

  'staterefuseconfig/list': call({ summary: 'Refusal reasons of the stages', input: reasonListInput, output: page(reasonRow), access: status, page: PAGES.statusReasons }),
  'staterefuseconfig/add': call({ summary: 'Add a stage refusal reason', input: statusReasonAddInput, output: reasonRow, access: button('statusReason::add'), page: PAGES.statusReasons }),
  'staterefuseconfig/update': call({ summary: 'Change a stage refusal reason', input: statusReasonUpdateInput, output: reasonRow, access: button('statusReason::edit'), page: PAGES.statusReasons }),
  'staterefuseconfig/del': call({ summary: 'Delete an unused reason; a used one is disabled', input: reasonDeleteInput, output: nothing, access: button('statusReason::delete'), page: PAGES.statusReasons }),
  'business-client-group/list': call({ summary: 'Client groups (the policy\'s key groups), paged and searched', input: clientGroupListInput, output: page(clientGroupRow), access: groups, page: PAGES.clientGroups }),
  'business-client-group/edit': call({
    summary: 'Add (no id) or change (id, version) a client group', input: clientGroupEditInput, output: clientGroupRow,
    access: (input) => (input.id === undefined ? button('clientGroup::add') : button('clientGroup::edit')), accessBy: 'id', page: PAGES.clientGroups,
  }),
  'business-client-group/del': call({ summary: 'Delete an unused client group; one in use is disabled', input: clientGroupDeleteInput, output: nothing, access: button('clientGroup::delete'), page: PAGES.clientGroups }),
  'business-client-group/typeOfBorrowerList': call({ summary: 'Borrower types with their caps, longest term and (small companies) staffing limits', input: none, output: z.array(borrowerTypeRow), access: 'user', page: PAGES.clientGroups }),
  'business-client-group/typeOfBorrowerUpdate': call({ summary: 'Change a borrower type\'s caps, longest term and (small companies) staffing limits', input: borrowerTypeUpdateInput, output: borrowerTypeRow, access: button('clientGroup::edit'), page: PAGES.clientGroups }),

  'business/index/list': call({ summary: 'The working indicators (the draft), each compared with the version in force', input: indicatorListInput, output: page(indicatorRow), access: indicators, page: PAGES.indicators }),
  'business/index/edit': call({
    summary: 'Add (no id) or change (id, version) a draft indicator', input: indicatorEditInput, output: indicatorRow,
    access: button('indicator::edit'), page: PAGES.indicators,
  }),
  'business/index/draft': call({ summary: 'The version in force and how many indicators the draft changes', input: none, output: indicatorDraft, access: indicators, page: PAGES.indicators }),
  'business/index/issue': call({ summary: 'Issue the draft as the next numbered version (all or nothing)', input: indicatorIssueInput, output: indicatorIssueResult, access: button('indicator::issue'), page: PAGES.indicators }),
  'business/model/getList': call({ summary: 'Per borrower type: the indicator version in force, its history and counts', input: modelListInput, output: z.array(modelRow), access: models, page: PAGES.models }),
  'businessProposerInfo/getCueRedInfo': call({ summary: 'A case\'s red flags: each indicator\'s verdict and observed value, blacklist hits since intake', input: applicationIdInput, output: redFlags, access: caseReader, row: caseRow() }),
  'businessProposerInfo/recheck': call({ summary: 'Re-run the indicators a source could not check', input: applicationIdInput, output: redFlags, access: anyStage('check'), row: { ...caseRow(), button: 'check' } }),

  'business-situation-condition/list': call({ summary: 'The situations a blacklist rule can watch', input: none, output: z.array(situationRow), access: strategy, page: PAGES.strategy }),
  'business-blacklist-strategy/list': call({ summary: 'Blacklist rules, paged and searched', input: strategyListInput, output: page(strategyRow), access: strategy, page: PAGES.strategy }),
  'business-blacklist-strategy/edit': call({
    summary: 'Add (no id) or change (id, version) a blacklist rule', input: strategyEditInput, output: strategyRow,
    access: (input) => (input.id === undefined ? button('strategy::add') : button('strategy::edit')), accessBy: 'id', page: PAGES.strategy,
  }),
  'business-blacklist-strategy/del': call({ summary: 'Delete a rule that added no entry; one that did is disabled', input: strategyDeleteInput, output: nothing, access: button('strategy::delete'), page: PAGES.strategy }),

  'staterefuseconfig/options': call({ summary: 'The enabled reasons the refuse dialog of a stage offers', input: reasonOptionsInput, output: z.array(refuseReasonOption), access: 'user' }),
};
