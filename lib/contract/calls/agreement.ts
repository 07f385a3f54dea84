import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { caseRow } from './workflow';
import { nothing, page } from '../output';
import {
  agreementAddInput, agreementApplication, agreementApplicationsInput, agreementDeleteInput, agreementListInput, agreementPreview,
  agreementPreviewInput, agreementRow, agreementUpdateInput,
} from '../agreement';

const onPage = { page: PAGES.agree } as const;
const button = (action: 'add' | 'edit' | 'delete') => ({ permission: `agreement::${action}` }) as const;
const at = { page: PAGES.agree };

/** Agreement templates (协议模板配置) with their preview and print view. */
export const agreementCalls = {
  'businessModelAgreement/list': call({ summary: 'Agreement templates, paged and searched', input: agreementListInput, output: page(agreementRow), access: onPage, ...at }),
  'businessModelAgreement/add': call({ summary: 'Add an agreement template (unknown placeholders refused)', input: agreementAddInput, output: agreementRow, access: button('add'), ...at }),
  'businessModelAgreement/update': call({ summary: 'Edit an agreement template: a new version', input: agreementUpdateInput, output: agreementRow, access: button('edit'), ...at }),
  'businessModelAgreement/del': call({ summary: 'Delete a template never signed', input: agreementDeleteInput, output: nothing, access: button('delete'), ...at }),
  'businessModelAgreement/preview': call({ summary: 'A template filled from an application', input: agreementPreviewInput, output: agreementPreview, access: onPage, row: caseRow('applicationId'), ...at }),
  'businessModelAgreement/applications': call({ summary: 'Applications a preview may be filled from', input: agreementApplicationsInput, output: z.array(agreementApplication), access: onPage, scoped: 'case', ...at }),
};
