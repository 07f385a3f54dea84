import { z } from '../zod';
import { call, type Requirement } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { STAGE_INFO, STAGES, type Stage } from '../../workflow/stages';
import { UPLOAD_BODY_MAX_BYTES } from '../../workflow/files';
import {
  actionResult, applicationDetail, applicationIdInput, applicationRow, bankStateInput, checkInput, editRemarkInput, fileInfo, guarantorInfo,
  houseInfo, loanQueryInput, nodeAndPeople, nodePerson, pendingCounts, personInfo, plan, progress, quotaInput, recordRow, redeployInput,
  refuseInput, rejectInput, rejectTarget, rejectUserInput, reSignInput, returnInput, revealInput, stage, turnOverInput,
  turnOverResult, withdrawInput, workbenchExportInput, workbenchListInput,
} from '../workflow';
import { publishedRow, publishListInput, spouseListInput, spouseRow } from '../loan-lists';
import { intakeInput, intakeResult, supplementInput, supplementResult } from '../intake';
import { fileIdInput, uploadInput } from '../files';

/** The workbench page of a stage. */
export const stagePage = (s: Stage) => ({ page: STAGE_INFO[s].path });
/** Holders of a stage's `<module>::<verb>` button, at any stage (the call's row access asks for the case's own stage). */
export const anyStage = (verb: string): Requirement[] => STAGES.map((s) => ({ permission: `${STAGE_INFO[s].module}::${verb}` }));
/** Who may read a case at all: the workbenches, the loan query and the spouse list (each case is checked against the reader's scope). */
export const ANY_CASE_READER: Requirement[] = [...STAGES.map(stagePage), { page: PAGES.loan }, { page: PAGES.spouse }];
/** The case a call's input names by `by`: in the caller's scope, else 404 (resolved by the dispatcher). */
export const caseRow = (by = 'id') => ({ of: 'case', by }) as const;
const byId = <O extends z.ZodType>(summary: string, output: O) => call({ summary, input: applicationIdInput, output, access: ANY_CASE_READER, row: caseRow() });
const byIdAlsoGet = <O extends z.ZodType>(summary: string, output: O) => call({ summary, input: applicationIdInput, output, access: ANY_CASE_READER, row: caseRow(), alsoGet: true });
/** An action on a case: the table lets in holders of any stage's button, the dispatcher then asks for the button of the case's own stage. */
const action = <I extends z.ZodType>(summary: string, input: I, verb: string, done?: Stage) =>
  call({ summary, input, output: actionResult, access: anyStage(verb), row: { ...caseRow(), button: verb, ...(done ? { done } : {}) } });

/** The loan workflow: workbenches, the case's details, the actions, intake, files and the lists around the loan query. */
export const workflowCalls = {
  'businessClubFirstTrial/getList': call({
    summary: 'A stage\'s workbench: cases waiting there (or processed there by the user\'s organisation)',
    input: workbenchListInput, output: page(applicationRow), access: (input) => stagePage(input.stage), accessBy: 'stage', scoped: 'case',
  }),
  'businessClubFirstTrial/exportAll': call({
    summary: 'The workbench search as .xlsx', input: workbenchExportInput, output: fileAnswer, file: true,
    access: (input) => ({ all: [stagePage(input.stage), { permission: `${STAGE_INFO[input.stage].module}::export` }] }), accessBy: 'stage',
  }),
  'businessApproveRecord/loanUnfold': call({ summary: 'Loan query: every case the user may see', input: loanQueryInput, output: page(applicationRow), access: { page: PAGES.loan }, page: PAGES.loan, scoped: 'case' }),
  'businessClubFirstTrial/approvalPendingCount': call({ summary: 'Cases waiting per stage (menu badges)', input: z.object({}), output: pendingCounts, access: 'user' }),
  'businessClubFirstTrial/bankApprovalPendingCount': call({ summary: 'Cases waiting per bank stage', input: z.object({}), output: pendingCounts, access: 'user' }),
  'businessClubFirstTrial/unfold': byId('A case with everything about it', applicationDetail),
  'businessProposerInfo/getInfo': byId('A case with everything about it', applicationDetail),
  'businessClubFirstTrial/progressBar': byIdAlsoGet('The progress of a case through its nodes', progress),
  'businessClubFirstTrial/getPlan': byId('The repayment plan of a case', plan),
  'businessClubFirstTrial/getLastApprovedResult': byIdAlsoGet('The last approval record of a case', recordRow.nullable()),
  'businessClubFirstTrial/getNodeAndPeople': call({
    summary: 'The node a check moves a case to, and who may take it there',
    input: applicationIdInput.extend({ which: z.enum(['next', 'current']).default('next') }), output: nodeAndPeople, access: ANY_CASE_READER, row: caseRow(),
  }),
  'businessClubFirstTrial/getAuditPersonAmount': byId('The people of a case\'s current node with their workload', z.array(nodePerson)),
  'businessClubFirstTrial/getStagePeople': call({
    summary: 'People of a stage\'s nodes in the user\'s scope, with their workload', input: z.object({ stage }), output: z.array(nodePerson),
    access: (input) => stagePage(input.stage), accessBy: 'stage',
  }),
  'businessProposerInfo/getFileInfo': byId('The files of a case', z.array(fileInfo)),
  'systemOrganiza/getRejectUser': call({ summary: 'Nodes a case may be rejected back to, with their people', input: rejectUserInput, output: z.array(rejectTarget), access: anyStage('reject'), row: caseRow('applicationId') }),
  'businessApproveRecord/getList': byId('The approval records of a case', z.array(recordRow)),
  'businessApproveRecord/editRemark': call({ summary: 'Add a remark to one\'s own approval record', input: editRemarkInput, output: recordRow, access: ANY_CASE_READER }),
  'businessProposerInfo/getPartnerInfo': byId('The partners of a case', z.array(personInfo)),
  'businessProposerInfo/getEmployee': byId('The employees of a case', z.array(personInfo)),
  'business-proposer-mate/getInfo': byId('The proposer\'s spouse', personInfo.nullable()),
  'businessBondsmanPeople/getList': byId('The guarantors of a case with their spouses', z.array(guarantorInfo)),
  'business-house-property/getInfo': byId('The houses of a case', z.array(houseInfo)),
  'businessProposerInfo/reveal': call({ summary: 'A case\'s whole ID number or mobile (audited)', input: revealInput, output: z.object({ value: z.string() }), access: anyStage('reveal'), row: caseRow() }),

  'businessClubFirstTrial/check': action('Approve: move the case to the next node (or approve it)', checkInput, 'check'),
  'businessClubFirstTrial/reject': action('Reject back to a node the case passed', rejectInput, 'reject'),
  'businessClubFirstTrial/return': action('Return the case to the applicant for supplements', returnInput, 'reject'),
  'businessClubFirstTrial/refuse': action('Refuse the case (the applicant is told by SMS)', refuseInput, 'refuse'),
  'businessClubFirstTrial/redeploy': action('Hand the case to another person of the node', redeployInput, 'redeploy'),
  'businessClubFirstTrial/adminRedeploy': action('Reassign any case in scope (admin redeploy)', redeployInput, 'adminRedeploy'),
  'businessClubFirstTrial/withdraw': action('Withdraw the case', withdrawInput, 'withdraw'),
  'businessClubFirstTrial/updateGuaranteeQuota': action('Set the guarantee quota', quotaInput, 'quota'),
  'businessClubFirstTrial/reSign': action('Record an agreement re-signing', reSignInput, 'reSign'),
  'businessClubFirstTrial/bankState': action('Record whether the loan was issued; on an issued loan, the bank\'s repayment report', bankStateInput, 'bankState', 'BANK_TRANSFER'),
  'businessClubFirstTrial/turnOver': call({
    summary: 'Hand the cases of one person at a stage to another who may take them (a supervisor\'s act, never to oneself)', input: turnOverInput,
    output: turnOverResult, access: (input) => ({ permission: `${STAGE_INFO[input.stage].module}::turnOver` }), accessBy: 'stage',
  }),

  'channel/application/submit': call({ summary: 'Enter an application (idempotent by clientKey)', input: intakeInput, output: intakeResult, access: { permission: 'loan::intake' }, page: PAGES.loan }),
  'channel/application/supplement': call({
    summary: 'Bring a case returned for supplements back to its stage and reviewer (its awaited documents uploaded first; idempotent by key)',
    input: supplementInput, output: supplementResult, access: { permission: 'loan::intake' }, page: PAGES.loan,
  }),
  'upload/uploadFile': call({
    summary: 'Upload a file to a case (multipart: applicationId, kind, file)', input: uploadInput, output: fileInfo, access: ANY_CASE_READER, row: caseRow('applicationId'),
    body: { multipart: { maxBytes: UPLOAD_BODY_MAX_BYTES } },
  }),
  'upload/file': call({ summary: 'One file of a case, as the file itself', method: 'GET', input: fileIdInput, output: fileAnswer, file: true, access: ANY_CASE_READER }),
  'business-proposer-mate/list': call({ summary: 'The proposers\' spouses', input: spouseListInput, output: page(spouseRow), access: { page: PAGES.spouse }, page: PAGES.spouse, scoped: 'case' }),
  'businessIssueInfo/list': call({ summary: 'Approved and loaned cases as public notices', input: publishListInput, output: page(publishedRow), access: { page: PAGES.publish }, page: PAGES.publish, scoped: 'case' }),
};
