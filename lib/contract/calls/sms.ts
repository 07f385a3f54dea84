import { call } from '../call';
import { PAGES } from '../pages';
import { nothing, page } from '../output';
import {
  smsOutboxListInput, smsOutboxRow, smsTemplateAddInput, smsTemplateDeleteInput, smsTemplateListInput, smsTemplateRow,
  smsTemplateUpdateInput, smsTestSendInput, smsTestSendResult,
} from '../sms';

const onPage = { page: PAGES.smsTemplate } as const;
const button = (action: 'add' | 'edit' | 'delete' | 'testSend') => ({ permission: `smsTemplate::${action}` }) as const;
const at = { page: PAGES.smsTemplate };

/** SMS templates (短信模板配置) and the outbox every message lands in. */
export const smsCalls = {
  'noteTemplate/list': call({ summary: 'SMS templates, paged and searched', input: smsTemplateListInput, output: page(smsTemplateRow), access: onPage, ...at }),
  'noteTemplate/add': call({ summary: 'Add an SMS template (enabling it disables its scene\'s enabled one)', input: smsTemplateAddInput, output: smsTemplateRow, access: button('add'), ...at }),
  'noteTemplate/update': call({ summary: 'Edit an SMS template', input: smsTemplateUpdateInput, output: smsTemplateRow, access: button('edit'), ...at }),
  'noteTemplate/del': call({ summary: 'Delete an SMS template never used (a used one is disabled)', input: smsTemplateDeleteInput, output: nothing, access: button('delete'), ...at }),
  'noteTemplate/testSend': call({ summary: 'Render a template with sample values into the outbox', input: smsTestSendInput, output: smsTestSendResult, access: button('testSend'), ...at }),
  'noteTemplate/outbox': call({ summary: 'The SMS outbox, newest first (codes and passwords hidden)', input: smsOutboxListInput, output: page(smsOutboxRow), access: onPage, ...at }),
};
