import type { ConsultRow, HelpRow, NoticeRow } from '../contract/content';
import {
  CONSULT_CATEGORIES, CONSULT_STATES, CONTENT_FILE_ACCEPT, CONTENT_FILE_MAX_BYTES, CONTENT_IMAGE_ACCEPT, HELP_CATEGORIES, NOTICE_CATEGORIES,
} from '../contract/content-rules';
import { STATE_OPTIONS } from './options';
import type { FieldSpec, FileUploadSpec, Option, ResourceSpec } from './types';
import './rules/content.generated';

/** Screens of the content and service menu (DOMAIN.md section 3): notices, help templates, consultations. */

const options = (values: readonly string[], prefix: string, colors: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: `${prefix}.${value}`, ...(colors[value] ? { color: colors[value] } : {}) }));

export const NOTICE_CATEGORY_OPTIONS = options(NOTICE_CATEGORIES, 'content.noticeCategory');
const NOTICE_STATE_OPTIONS = options(['DRAFT', 'PUBLISHED', 'WITHDRAWN'], 'content.noticeState', { DRAFT: 'default', PUBLISHED: 'green', WITHDRAWN: 'orange' });
export const HELP_CATEGORY_OPTIONS = options(HELP_CATEGORIES, 'content.helpCategory');
const CONSULT_CATEGORY_OPTIONS = options(CONSULT_CATEGORIES, 'content.consultCategory');
const CONSULT_STATE_OPTIONS = options(CONSULT_STATES, 'content.consultState', { PENDING: 'gold', ANSWERED: 'green', CLOSED: 'default' });

/** Images of a body or a cover, and attachments, go to ueditor-file. */
const IMAGE_UPLOAD: FileUploadSpec = { path: 'ueditor-file/upload', accept: CONTENT_IMAGE_ACCEPT, maxBytes: CONTENT_FILE_MAX_BYTES };
const ATTACH_UPLOAD: FileUploadSpec = { path: 'ueditor-file/upload', accept: CONTENT_FILE_ACCEPT, maxBytes: CONTENT_FILE_MAX_BYTES };
const bodyField = (label: string): FieldSpec => ({ name: 'body', label, kind: 'richText', required: true, max: 20_000, upload: IMAGE_UPLOAD, attach: ATTACH_UPLOAD });

const withVersion = <R extends { id: number; version: number }>(values: Record<string, unknown>, row: R | null) =>
  (row ? { ...values, id: row.id, version: row.version } : values);
const n = (key: string) => `resources.notice.${key}`;

/** Notices of the portal (businessIssueInfo): written as drafts, previewed, published now or later, pinned, withdrawn. */
export const noticeSpec: ResourceSpec<NoticeRow> = {
  key: 'notice',
  rowKey: (row) => row.id,
  list: 'businessIssueInfo/getList',
  search: [
    { name: 'title', label: n('noticeTitle'), kind: 'text' },
    { name: 'category', label: n('category'), kind: 'select', options: NOTICE_CATEGORY_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: NOTICE_STATE_OPTIONS },
  ],
  columns: [
    { key: 'title', title: n('noticeTitle'), ellipsis: true, width: 250, flag: (row) => (row.pinned ? { value: 'pinned', label: n('pinnedTag'), color: 'red' } : null) },
    { key: 'category', title: n('category'), kind: 'enum', options: NOTICE_CATEGORY_OPTIONS },
    {
      key: 'state', title: 'resources.common.state', kind: 'tag', options: NOTICE_STATE_OPTIONS,
      flag: (row) => (row.scheduled ? { value: 'scheduled', label: n('scheduledTag'), color: 'blue' } : null),
    },
    { key: 'publishAt', title: n('publishAt'), kind: 'datetime', sort: 'publishAt' },
    { key: 'updateTime', title: n('updateTime'), kind: 'datetime', sort: 'updateTime' },
  ],
  form: {
    save: 'businessIssueInfo/add',
    update: 'businessIssueInfo/update',
    create: n('add'),
    edit: n('edit'),
    width: 880,
    fields: [
      { name: 'title', label: n('noticeTitle'), kind: 'text', required: true, max: 100 },
      { name: 'category', label: n('category'), kind: 'select', options: NOTICE_CATEGORY_OPTIONS, required: true },
      { name: 'regionCode', label: n('region'), kind: 'region' },
      { name: 'coverFileId', label: n('cover'), kind: 'file', upload: IMAGE_UPLOAD },
      bodyField(n('body')),
    ],
    toValues: (row) => ({
      title: row.title, category: row.category, regionCode: row.regionCode ?? undefined, body: row.body,
      coverFileId: row.cover ? { id: row.cover.id, name: row.cover.name, size: row.cover.size } : undefined,
    }),
    toPayload: (values, row) => withVersion({ ...values, coverFileId: values.coverFileId ?? null }, row),
  },
  actions: [
    { key: 'preview', label: n('preview'), dialog: 'preview' },
    { key: 'publish', label: n('publish'), call: 'businessIssueInfo/publish', when: (row) => row.state !== 'PUBLISHED', dialog: 'publish' },
    {
      key: 'withdraw', label: n('withdraw'), danger: true, when: (row) => row.state === 'PUBLISHED',
      confirm: { question: n('confirmWithdraw'), path: 'businessIssueInfo/withdraw', body: (row) => ({ id: row.id, version: row.version }) },
    },
    {
      key: 'pin', label: (row) => n(row.pinned ? 'unpin' : 'pin'), more: true,
      confirm: {
        question: (row) => n(row.pinned ? 'confirmUnpin' : 'confirmPin'), path: 'businessIssueInfo/pin',
        body: (row) => ({ id: row.id, version: row.version, pinned: !row.pinned }),
      },
    },
  ],
  remove: { path: 'businessIssueInfo/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.state !== 'PUBLISHED' },
};

const h = (key: string) => `resources.help.${key}`;

/** Help templates of the portal (businessHelpInfo) by category; their order is set in the order drawer. */
export const helpSpec: ResourceSpec<HelpRow> = {
  key: 'help',
  rowKey: (row) => row.id,
  list: 'businessHelpInfo/list',
  search: [
    { name: 'title', label: h('helpTitle'), kind: 'text' },
    { name: 'category', label: h('category'), kind: 'select', options: HELP_CATEGORY_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'title', title: h('helpTitle'), ellipsis: true, width: 280 },
    { key: 'category', title: h('category'), kind: 'enum', options: HELP_CATEGORY_OPTIONS, sort: 'category' },
    { key: 'sort', title: 'resources.common.sort', width: 80 },
    { key: 'state', title: 'resources.common.state', kind: 'tag', options: STATE_OPTIONS },
    { key: 'updateTime', title: h('updateTime'), kind: 'datetime', sort: 'updateTime' },
  ],
  form: {
    save: 'businessHelpInfo/add',
    update: 'businessHelpInfo/update',
    create: h('add'),
    edit: h('edit'),
    width: 880,
    fields: [
      { name: 'title', label: h('helpTitle'), kind: 'text', required: true, max: 100 },
      { name: 'category', label: h('category'), kind: 'select', options: HELP_CATEGORY_OPTIONS, required: true },
      bodyField(h('body')),
    ],
    toValues: (row) => ({ title: row.title, category: row.category, body: row.body }),
    toPayload: withVersion,
  },
  actions: [
    { key: 'preview', label: h('preview'), dialog: 'preview' },
    {
      key: 'state', label: (row) => (row.state === 'ENABLED' ? 'resources.common.disable' : 'resources.common.enable'),
      confirm: {
        question: (row) => h(row.state === 'ENABLED' ? 'confirmDisable' : 'confirmEnable'), path: 'businessHelpInfo/changeState',
        body: (row) => ({ id: row.id, version: row.version, state: row.state === 'ENABLED' ? 'DISABLED' : 'ENABLED' }),
      },
    },
  ],
  remove: { path: 'businessHelpInfo/del', body: (row) => ({ id: row.id, version: row.version }) },
};

const c = (key: string) => `resources.consult.${key}`;

/** Minutes a question has waited (until its answer, or now). */
const waited = (row: ConsultRow) =>
  ((row.answerTime ? new Date(row.answerTime).getTime() : Date.now()) - new Date(row.createTime).getTime()) / 60_000;

/** Consultations from the public (businssConsult): the waiting ones first, overdue ones flagged; answered or closed. */
export const consultSpec: ResourceSpec<ConsultRow> = {
  key: 'consult',
  rowKey: (row) => row.id,
  list: 'businssConsult/getList',
  search: [
    { name: 'name', label: c('name'), kind: 'text' },
    { name: 'mobile', label: c('mobile'), kind: 'text', max: 11 },
    { name: 'category', label: c('category'), kind: 'select', options: CONSULT_CATEGORY_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: CONSULT_STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: c('name') },
    { key: 'mobile', title: c('mobile'), width: 120 },
    { key: 'category', title: c('category'), kind: 'enum', options: CONSULT_CATEGORY_OPTIONS },
    { key: 'content', title: c('content'), ellipsis: true, width: 200 },
    { key: 'createTime', title: c('createTime'), kind: 'datetime', sort: 'createTime', hidden: true },
    {
      key: 'waiting', title: c('waiting'), kind: 'duration', value: waited, width: 170,
      flag: (row) => (row.overdue ? { value: 'overdue', label: c('overdue'), color: 'red' } : null),
    },
    { key: 'state', title: 'resources.common.state', kind: 'tag', options: CONSULT_STATE_OPTIONS },
  ],
  actions: [
    { key: 'view', label: c('view'), dialog: 'view', when: (row) => row.state !== 'PENDING' },
    { key: 'answer', label: c('answer'), call: 'businssConsult/answer', when: (row) => row.state !== 'CLOSED', dialog: 'answer' },
    {
      key: 'close', label: c('close'), danger: true, when: (row) => row.state !== 'CLOSED',
      confirm: { question: c('confirmClose'), path: 'businssConsult/close', body: (row) => ({ id: row.id, version: row.version }) },
    },
  ],
};
