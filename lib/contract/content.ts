import { z } from './zod';
import { bool, clientKey, id, longText, pageInput, requiredLine, richText, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { mobile } from './validation';
import { uploadedPart } from './files';
import {
  CONSULT_CATEGORIES, CONSULT_STATES, contentFileId, HELP_CATEGORIES, HELP_STATES, NOTICE_CATEGORIES, NOTICE_STATES,
} from './content-rules';

export * from './content-rules';

/**
 * Content and service (DOMAIN.md section 3): notices of the applicants' portal
 * (businessIssueInfo), help templates (businessHelpInfo), consultations from the public
 * (businssConsult) and the files their bodies show (ueditor-file). Bodies are rich text,
 * sanitised on every save; an image in a body must be a file uploaded here.
 */
const TITLE_MAX = 100;
const BODY_MAX = 20_000;
const ANSWER_MAX = 2000;
const CONSULT_MAX = 1000;
const NAME_MAX = 32;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Long text (line breaks allowed) that may not be blank. */
const requiredText = (max: number, key: string) => longText(max, key).refine((v) => v.length > 0, key);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const noticeCategory = z.enum(NOTICE_CATEGORIES, { error: 'validation.contentCategory' });
const noticeState = z.enum(NOTICE_STATES, { error: 'validation.state' });
const helpCategory = z.enum(HELP_CATEGORIES, { error: 'validation.contentCategory' });
const helpState = z.enum(HELP_STATES, { error: 'validation.state' });
const consultCategory = z.enum(CONSULT_CATEGORIES, { error: 'validation.contentCategory' });
const consultState = z.enum(CONSULT_STATES, { error: 'validation.state' });

/** A body: the editor's markup, sanitised; images only from files uploaded here (ueditor-file). */
const body = richText(BODY_MAX, { required: 'validation.contentBodyRequired', image: (src) => contentFileId(src) !== null });
const title = requiredLine(TITLE_MAX, 'validation.contentTitleRequired');
const regionCode = z.string({ error: 'validation.regionCode' }).regex(/^\d{6}$/, 'validation.regionCode');
/** A moment, as an ISO 8601 text with its offset (the UI sends China time). */
const moment = z.string({ error: 'validation.contentPublishAt' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'validation.contentPublishAt')
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'validation.contentPublishAt');

// ---- notices (businessIssueInfo) ----

export const noticeListInput = pageInput.extend({
  order: optional(z.enum(['publishAt', '-publishAt', 'updateTime', '-updateTime'], { error: 'validation.invalid' })),
  title: textFilter(TITLE_MAX),
  category: optional(noticeCategory),
  state: optional(noticeState),
  pinned: optional(z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'validation.invalid' })),
});

const noticeFields = {
  title,
  category: noticeCategory,
  body,
  regionCode: optional(regionCode),
  coverFileId: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
};
/** businessIssueInfo/add: a new notice is a draft. */
export const noticeAddInput = z.object(noticeFields);
export const noticeUpdateInput = z.object({ id, version, ...noticeFields });
export const noticeRefInput = z.object({ id, version });
/** businessIssueInfo/publish: now (no publishAt) or at a set time, which may not have passed. */
export const noticePublishInput = z.object({ id, version, publishAt: optional(moment) });
export const noticePinInput = z.object({ id, version, pinned: bool() });

const fileRef = z.object({ id: count, name: z.string(), size: count, url: z.string() });
export type ContentFileRef = z.infer<typeof fileRef>;

export const noticeRow = z.object({
  id: count,
  title: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  body: z.string(),
  regionCode: z.string().nullable(),
  cover: fileRef.nullable(),
  pinned: z.boolean(),
  state: z.enum(NOTICE_STATES),
  /** When it shows (or showed) on the portal; a published notice with a later time is scheduled. */
  publishAt: timestamp.nullable(),
  scheduled: z.boolean(),
  version: count,
  createTime: timestamp,
  updateTime: timestamp,
});
export type NoticeRow = z.infer<typeof noticeRow>;

// ---- help templates (businessHelpInfo) ----

export const helpListInput = pageInput.extend({
  order: optional(z.enum(['category', '-category', 'updateTime', '-updateTime'], { error: 'validation.invalid' })),
  title: textFilter(TITLE_MAX),
  category: optional(helpCategory),
  state: optional(helpState),
});
const helpFields = { title, category: helpCategory, body };
export const helpAddInput = z.object(helpFields);
export const helpUpdateInput = z.object({ id, version, ...helpFields });
export const helpStateInput = z.object({ id, version, state: helpState });
export const helpRefInput = z.object({ id, version });
/** businessHelpInfo/updateSort: every template of a category, in the new order. */
export const helpSortInput = z.object({
  category: helpCategory,
  ids: z.array(id, { error: 'validation.contentOrder' }).min(1, 'validation.contentOrder').max(500, 'validation.contentOrder'),
});
export const helpCategoryInput = z.object({ category: helpCategory });

export const helpRow = z.object({
  id: count,
  title: z.string(),
  category: z.enum(HELP_CATEGORIES),
  body: z.string(),
  sort: count,
  state: z.enum(HELP_STATES),
  version: count,
  updateTime: timestamp,
});
export type HelpRow = z.infer<typeof helpRow>;
export const helpOrder = z.array(helpRow.pick({ id: true, title: true, sort: true, state: true, version: true }));
export type HelpOrderRow = z.infer<typeof helpOrder>[number];

// ---- consultations (businssConsult) ----

export const consultListInput = pageInput.extend({
  order: optional(z.enum(['createTime', '-createTime'], { error: 'validation.invalid' })),
  name: textFilter(NAME_MAX),
  category: optional(consultCategory),
  mobile: textFilter(11),
  state: optional(consultState),
});
export const consultAnswerInput = z.object({ id, version, answer: requiredText(ANSWER_MAX, 'validation.contentAnswerRequired') });
export const consultRefInput = z.object({ id, version });

export const consultRow = z.object({
  id: count,
  name: z.string(),
  /** Masked (138****5678). */
  mobile: z.string(),
  category: z.enum(CONSULT_CATEGORIES),
  content: z.string(),
  state: z.enum(CONSULT_STATES),
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answerTime: timestamp.nullable(),
  createTime: timestamp,
  /** When the answer is due (3 working days after the question). */
  dueTime: timestamp,
  /** Still waiting after the due time. */
  overdue: z.boolean(),
  version: count,
});
export type ConsultRow = z.infer<typeof consultRow>;

/** mobile/public/businssConsult/add: a question or suggestion from the public (no session; rate-limited). */
export const consultSubmitInput = z.object({
  name: requiredLine(NAME_MAX, 'validation.contentNameRequired'),
  mobile,
  category: consultCategory,
  content: requiredText(CONSULT_MAX, 'validation.contentContentRequired'),
  /** Makes a repeated submit (a retry) answer the first one instead of adding another. */
  clientKey: clientKey.optional(),
});
export const consultSubmitted = z.object({ id: count, createTime: timestamp });

// ---- public reads ----

export const publicNoticeListInput = pageInput.extend({ category: optional(noticeCategory), regionCode: optional(regionCode) });
export const publicNotice = z.object({
  id: count,
  title: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  regionCode: z.string().nullable(),
  coverUrl: z.string().nullable(),
  pinned: z.boolean(),
  publishAt: timestamp,
});
export const publicNoticeDetail = publicNotice.extend({ body: z.string() });
export const publicHelpInput = z.object({ category: optional(helpCategory) });
export const publicHelp = z.object({ id: count, title: z.string(), category: z.enum(HELP_CATEGORIES), body: z.string(), sort: count });

// ---- files (ueditor-file) ----

export const contentUploadInput = z.object({ file: uploadedPart });
export const contentFile = fileRef.extend({ mime: z.string() });
export const contentFileInput = z.object({ id });
