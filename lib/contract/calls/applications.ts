import { z } from '../zod';
import { call } from '../call';
import { id } from '../fields';
import { PAGES } from '../pages';
import { fileAnswer, page } from '../output';
import { applicationIdInput, fileInfo, personInfo, stage } from '../workflow';
import {
  bankFirst, bondingCompanies, bondingCompanyInput, caseState, companyQuota, companyQuotaInput, fileGroup, filesInput, guarantorIdInput, houseEditInput, houseNum, housePageInput,
  housePlan, houseRow, personAndAmount, recordInfoRow, recordSearchInput, statusEntry,
} from '../case-extras';
import { STAGE_INFO } from '../../workflow/stages';
import { REPORT_EXPORT, REPORT_QUOTA } from '../../workflow/reports';
import { ANY_CASE_READER, caseRow, stagePage } from './workflow';

const byId = <O extends z.ZodType>(summary: string, output: O) => call({ summary, input: applicationIdInput, output, access: ANY_CASE_READER, row: caseRow() });
const HOUSE_PAGE = { page: STAGE_INFO.GC_HOUSE.path };
/** Who reads the guarantee companies' quotas: the report, the guarantee statistics and the guarantee stages (setting a quota). */
const QUOTA_READERS = [{ page: PAGES.report }, { page: PAGES.guaranteeStatistics }, ...(['GC_FIRST', 'GC_SECOND', 'GC_HOUSE'] as const).map(stagePage)];

/** The application calls around the workbench: the status dictionary, records, people, files, quotas and the mortgage stage's houses. */
export const applicationCalls = {
  'businessApproveRecord/approvalStatus': call({ summary: 'The status dictionary: every status a case shows, labelled in the caller\'s language', input: z.object({}), output: z.array(statusEntry), access: 'user', alsoGet: true }),
  'businessApproveRecord/state': byId('Where a case stands now: status, node, assignee, deadline, working days waiting', caseState),
  'businessApproveRecord/infoList': call({ summary: 'Approval records of the cases the user may see, searched and paged', input: recordSearchInput, output: page(recordInfoRow), access: ANY_CASE_READER, page: PAGES.loan, scoped: 'case' }),
  'businessApproveRecord/getPersonAndAmount': call({
    summary: 'People of a stage in the user\'s scope, with the cases and amount waiting with them', input: z.object({ stage }), output: z.array(personAndAmount),
    access: (input) => stagePage(input.stage), accessBy: 'stage',
  }),
  'businessBondsmanPeople/mate': call({ summary: 'The spouse of one guarantor', input: guarantorIdInput, output: personInfo.nullable(), access: ANY_CASE_READER }),
  'businessClubFirstTrial/getFiles': call({ summary: 'The files of a case grouped by kind (optionally one kind)', input: filesInput, output: z.array(fileGroup), access: ANY_CASE_READER, row: caseRow() }),
  'businessClubFirstTrial/getBankFirst': byId('The bank\'s first review of a case', bankFirst),
  'businessClubFirstTrial/getBondingCompanyList': call({
    summary: 'Guarantee companies with their quota, the balance they guarantee on a date and what is left', input: bondingCompanyInput, output: bondingCompanies, access: QUOTA_READERS,
  }),
  'guaranteeCompany/export': call({
    summary: 'The guarantee companies\' quotas and balances as .xlsx', input: bondingCompanyInput, output: fileAnswer, file: true,
    access: { all: [{ page: PAGES.report }, { permission: REPORT_EXPORT }] }, page: PAGES.report,
  }),
  'guaranteeCompany/updateQuota': call({
    summary: 'Set a guarantee company\'s quota (versioned; audited)', input: companyQuotaInput, output: companyQuota,
    access: { all: [{ page: PAGES.report }, { permission: REPORT_QUOTA }] }, page: PAGES.report, row: { of: 'company', by: 'orgId' },
  }),
  'business-house-property/getPage': call({ summary: 'Houses pledged by the cases in scope', input: housePageInput, output: page(houseRow), access: HOUSE_PAGE, page: HOUSE_PAGE.page }),
  'business-house-property/getNum': call({ summary: 'Houses in scope by mortgage state, and those waiting at the mortgage stage', input: z.object({}), output: houseNum, access: HOUSE_PAGE, page: HOUSE_PAGE.page }),
  'business-house-property/edit': call({
    summary: 'Record a house\'s valuation, certificate and mortgage registration (the case\'s assignee at the mortgage stage)', input: houseEditInput, output: houseRow,
    access: { permission: `${STAGE_INFO.GC_HOUSE.module}::house` }, page: HOUSE_PAGE.page,
  }),
  'business-house-property/plan': call({ summary: 'The repayment plan of a house\'s case against the house\'s value', input: z.object({ id }), output: housePlan, access: ANY_CASE_READER }),
  'business-house-property/findRealEstateMaterials': call({ summary: 'The documents of a house (certificates, contracts)', input: z.object({ id }), output: z.array(fileInfo), access: ANY_CASE_READER }),
};
