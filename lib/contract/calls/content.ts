import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { fileAnswer, nothing, page } from '../output';
import {
  CONTENT_UPLOAD_MAX_BYTES, consultAnswerInput, consultListInput, consultRefInput, consultRow, consultSubmitInput, consultSubmitted,
  contentFile, contentFileInput, contentUploadInput, helpAddInput, helpCategoryInput, helpListInput, helpOrder, helpRefInput, helpRow,
  helpSortInput, helpStateInput, helpUpdateInput, noticeAddInput, noticeListInput, noticePinInput, noticePublishInput, noticeRefInput,
  noticeRow, noticeUpdateInput, publicHelp, publicHelpInput, publicNotice, publicNoticeDetail, publicNoticeListInput,
} from '../content';

type Module = 'issueInfo' | 'helpInfo' | 'consult';
const button = (permission: `${Module}::${string}`) => ({ permission }) as const;
const notice = { page: PAGES.notice } as const;
const help = { page: PAGES.help } as const;

/**
 * Content and service (DOMAIN.md section 3): notices, help templates, consultations, the files
 * their bodies show, and the portal's public calls (no session): published notices, help by
 * category and the consultation form.
 */
export const contentCalls = {
  'businessIssueInfo/getList': call({ summary: 'Notices of the portal, every state, paged and searched', input: noticeListInput, output: page(noticeRow), access: notice, page: PAGES.notice }),
  'businessIssueInfo/add': call({ summary: 'Write a notice (a draft); the body is sanitised', input: noticeAddInput, output: noticeRow, access: button('issueInfo::add'), page: PAGES.notice }),
  'businessIssueInfo/update': call({ summary: 'Edit a notice; the body is sanitised', input: noticeUpdateInput, output: noticeRow, access: button('issueInfo::edit'), page: PAGES.notice }),
  'businessIssueInfo/del': call({ summary: 'Delete a notice that is not published', input: noticeRefInput, output: nothing, access: button('issueInfo::delete'), page: PAGES.notice }),
  'businessIssueInfo/publish': call({ summary: 'Publish a notice now or at a set time', input: noticePublishInput, output: noticeRow, access: button('issueInfo::publish'), page: PAGES.notice }),
  'businessIssueInfo/withdraw': call({ summary: 'Withdraw a published notice from the portal', input: noticeRefInput, output: noticeRow, access: button('issueInfo::withdraw'), page: PAGES.notice }),
  'businessIssueInfo/pin': call({ summary: 'Pin a notice to the top of the portal\'s list, or unpin it', input: noticePinInput, output: noticeRow, access: button('issueInfo::pin'), page: PAGES.notice }),

  'businessHelpInfo/list': call({ summary: 'Help templates, paged and searched, by category and order', input: helpListInput, output: page(helpRow), access: help, page: PAGES.help }),
  'businessHelpInfo/add': call({ summary: 'Add a help template (last of its category)', input: helpAddInput, output: helpRow, access: button('helpInfo::add'), page: PAGES.help }),
  'businessHelpInfo/update': call({ summary: 'Edit a help template', input: helpUpdateInput, output: helpRow, access: button('helpInfo::edit'), page: PAGES.help }),
  'businessHelpInfo/changeState': call({ summary: 'Enable or disable a help template', input: helpStateInput, output: helpRow, access: button('helpInfo::state'), page: PAGES.help }),
  'businessHelpInfo/del': call({ summary: 'Delete a help template', input: helpRefInput, output: nothing, access: button('helpInfo::delete'), page: PAGES.help }),
  'businessHelpInfo/getOrder': call({ summary: 'The templates of a category in their order', input: helpCategoryInput, output: helpOrder, access: help, page: PAGES.help }),
  'businessHelpInfo/updateSort': call({ summary: 'Reorder every template of a category', input: helpSortInput, output: helpOrder, access: button('helpInfo::sort'), page: PAGES.help }),

  'businssConsult/getList': call({ summary: 'Consultations with their waiting time, paged and searched', input: consultListInput, output: page(consultRow), access: { page: PAGES.consult }, page: PAGES.consult }),
  'businssConsult/answer': call({ summary: 'Answer a consultation; the asker gets the CONSULT_ANSWERED SMS', input: consultAnswerInput, output: consultRow, access: button('consult::answer'), page: PAGES.consult }),
  'businssConsult/close': call({ summary: 'Close a consultation without (further) answer', input: consultRefInput, output: consultRow, access: button('consult::close'), page: PAGES.consult }),

  'ueditor-file/upload': call({
    summary: 'Upload an image or PDF for a notice or help body (multipart: file)', input: contentUploadInput, output: contentFile,
    access: [button('issueInfo::add'), button('issueInfo::edit'), button('helpInfo::add'), button('helpInfo::edit')],
    body: { multipart: { maxBytes: CONTENT_UPLOAD_MAX_BYTES } },
  }),
  'ueditor-file/file': call({
    summary: 'A content file, as the file itself: public once a published notice or an enabled help template shows it',
    method: 'GET', input: contentFileInput, output: fileAnswer, file: true, access: 'public',
  }),

  'mobile/public/businessIssueInfo/list': call({
    summary: 'Published notices for the portal (pinned first, newest first); no session', input: publicNoticeListInput, output: page(publicNotice),
    access: 'public', alsoGet: true,
  }),
  'mobile/public/businessIssueInfo/get': call({
    summary: 'One published notice with its sanitised body; no session', input: contentFileInput, output: publicNoticeDetail, access: 'public', alsoGet: true,
  }),
  'mobile/public/businessHelpInfo/list': call({
    summary: 'Enabled help templates by category, in order; no session', input: publicHelpInput, output: z.array(publicHelp), access: 'public', alsoGet: true,
  }),
  'mobile/public/businssConsult/add': call({
    summary: 'Submit a question or suggestion; no session; limited per mobile and per address (429)', input: consultSubmitInput, output: consultSubmitted,
    access: 'public',
  }),
};
