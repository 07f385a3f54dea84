import { IMPORT_MAX_BYTES } from '../contract/limits';
import type { BlacklistRow, ReasonRow, WhitelistRow } from '../contract/risk';
import { STAGES } from '../workflow/stages';
import { STATE_OPTIONS } from './options';
import type { FieldSpec, Option, ResourceSpec } from './types';

const black = (key: string) => `resources.blacklist.${key}`;
const white = (key: string) => `resources.whitelist.${key}`;
const reason = (key: string) => `resources.refuseReason.${key}`;

const SOURCE_OPTIONS: Option[] = (['MANUAL', 'IMPORT', 'STRATEGY'] as const).map((s) => ({ value: s, label: black(`source${s}`), color: s === 'MANUAL' ? 'blue' : s === 'IMPORT' ? 'purple' : 'orange' }));
const BLACK_STATE_OPTIONS: Option[] = [
  { value: 'ACTIVE', label: black('stateACTIVE'), color: 'red' },
  { value: 'EXPIRED', label: black('stateEXPIRED'), color: 'default' },
  { value: 'RELIEVED', label: black('stateRELIEVED'), color: 'green' },
];
const STAGE_OPTIONS: Option[] = STAGES.map((s) => ({ value: s, label: `approval.stage.${s}` }));

/** The blacklist (sysBlackList): add one person, import many, relieve with a reason (the relieve dialog). */
export const blacklistSpec: ResourceSpec<BlacklistRow> = {
  key: 'blacklist',
  rowKey: (row) => row.id,
  list: 'sysBlackList/getList',
  search: [
    { name: 'name', label: black('name'), kind: 'text' },
    { name: 'idNumber', label: black('idNumber'), kind: 'text' },
    { name: 'mobile', label: black('mobile'), kind: 'text' },
    { name: 'source', label: black('source'), kind: 'select', options: SOURCE_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: BLACK_STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: black('name') },
    { key: 'idNumber', title: black('idNumber') },
    { key: 'mobile', title: black('mobile') },
    { key: 'reason', title: black('reason'), ellipsis: true },
    { key: 'source', title: black('source'), kind: 'enum', options: SOURCE_OPTIONS },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: BLACK_STATE_OPTIONS },
    { key: 'expiresOn', title: black('expiresOn') },
    { key: 'createdBy', title: black('createdBy') },
    { key: 'createTime', title: black('createTime'), kind: 'datetime', sort: 'createTime' },
    { key: 'relieveReason', title: black('relieveReason'), ellipsis: true },
  ],
  form: {
    save: 'sysBlackList/add',
    create: black('add'),
    edit: black('add'),
    createPermission: 'blacklist::add',
    editPermission: 'blacklist::add',
    fields: [
      { name: 'name', label: black('name'), kind: 'text', required: true, max: 64 },
      { name: 'idNumber', label: black('idNumber'), kind: 'text', required: true, max: 18 },
      { name: 'mobile', label: black('mobile'), kind: 'text', max: 11 },
      { name: 'reason', label: black('reason'), kind: 'textarea', required: true, max: 255 },
      { name: 'expiresOn', label: black('expiresOn'), kind: 'date' },
    ],
  },
  importer: {
    check: 'sysBlackList/importCheck', commit: 'sysBlackList/importCommit', template: 'sysBlackList/importTemplate',
    permission: 'blacklist::import', maxBytes: IMPORT_MAX_BYTES,
  },
  actions: [{ key: 'relieve', label: black('relieve'), permission: 'blacklist::relieve', dialog: 'relieve', danger: true, when: (row) => row.state === 'ACTIVE' }],
};

/** The whitelist (sysWhiteList): people vouched for by an organisation, valid through a day. */
export const whitelistSpec: ResourceSpec<WhitelistRow> = {
  key: 'whitelist',
  rowKey: (row) => row.id,
  list: 'sysWhiteList/getList',
  search: [
    { name: 'name', label: white('name'), kind: 'text' },
    { name: 'idNumber', label: white('idNumber'), kind: 'text' },
    { name: 'sourceOrg', label: white('sourceOrg'), kind: 'text' },
  ],
  columns: [
    { key: 'name', title: white('name') },
    { key: 'idNumber', title: white('idNumber') },
    { key: 'sourceOrg', title: white('sourceOrg') },
    { key: 'note', title: white('note'), ellipsis: true },
    { key: 'validUntil', title: white('validUntil'), value: (row) => row.validUntil ?? '-' },
    { key: 'valid', title: white('valid'), kind: 'boolean' },
    { key: 'createTime', title: white('createTime'), kind: 'datetime', sort: 'createTime' },
  ],
  form: {
    save: 'sysWhiteList/edit',
    update: 'sysWhiteList/edit',
    create: white('add'),
    edit: white('edit'),
    createPermission: 'whitelist::add',
    editPermission: 'whitelist::edit',
    fields: [
      { name: 'name', label: white('name'), kind: 'text', required: true, max: 64 },
      { name: 'idNumber', label: white('idNumber'), kind: 'text', required: true, max: 18, only: 'create' },
      { name: 'sourceOrg', label: white('sourceOrg'), kind: 'text', required: true, max: 100 },
      { name: 'note', label: white('note'), kind: 'textarea', max: 255 },
      { name: 'validUntil', label: white('validUntil'), kind: 'date' },
    ],
    toValues: (row) => ({ name: row.name, sourceOrg: row.sourceOrg, note: row.note, validUntil: row.validUntil }),
    toPayload: (values, row) => (row ? { ...values, id: row.id, version: row.version } : values),
  },
  remove: { path: 'sysWhiteList/del', permission: 'whitelist::delete', body: (row) => ({ id: row.id, version: row.version }) },
};

const reasonFields = (status: boolean): FieldSpec[] => [
  { name: 'content', label: reason('content'), kind: 'text', required: true, max: 255 },
  { name: 'contentEn', label: reason('contentEn'), kind: 'text', required: true, max: 255 },
  { name: 'smsText', label: reason('smsText'), kind: 'textarea', required: true, max: 255 },
  ...(status ? [{ name: 'stage', label: reason('stage'), kind: 'select', options: STAGE_OPTIONS, placeholder: reason('everyStage') } as FieldSpec] : []),
  { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS, required: true },
  { name: 'sort', label: reason('sort'), kind: 'number', bounds: { min: 0, max: 1_000_000, precision: 0 } },
];

/** Refusal reasons of the indicators (indicatorRefuseConfig) or of the stages (staterefuseconfig). */
function reasonSpec(status: boolean): ResourceSpec<ReasonRow> {
  const path = status ? 'staterefuseconfig' : 'indicatorRefuseConfig';
  const module = status ? 'statusReason' : 'indicatorReason';
  return {
    key: status ? 'statusReason' : 'indicatorReason',
    rowKey: (row) => row.id,
    list: `${path}/list`,
    search: [
      { name: 'content', label: reason('content'), kind: 'text' },
      ...(status ? [{ name: 'stage', label: reason('stage'), kind: 'select', options: STAGE_OPTIONS } as FieldSpec] : []),
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    ],
    columns: [
      { key: 'content', title: reason('content'), ellipsis: true },
      { key: 'contentEn', title: reason('contentEn'), ellipsis: true },
      { key: 'smsText', title: reason('smsText'), ellipsis: true },
      ...(status ? [{ key: 'stage', title: reason('stage'), kind: 'enum' as const, options: STAGE_OPTIONS, value: (row: ReasonRow) => row.stage ?? '' }] : []),
      { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
      { key: 'used', title: reason('used') },
      { key: 'sort', title: reason('sort'), sort: 'sort' },
      { key: 'updateTime', title: reason('updateTime'), kind: 'datetime' },
    ],
    form: {
      save: `${path}/add`,
      update: `${path}/update`,
      create: reason('add'),
      edit: reason('edit'),
      createPermission: `${module}::add`,
      editPermission: `${module}::edit`,
      fields: reasonFields(status),
      defaults: { state: 'ENABLED', sort: 0 },
      toValues: (row) => ({ content: row.content, contentEn: row.contentEn, smsText: row.smsText, stage: row.stage ?? undefined, state: row.state, sort: row.sort }),
      toPayload: (values, row) => (row ? { ...values, id: row.id, version: row.version } : values),
    },
    // A reason a refusal used is disabled, never deleted.
    remove: { path: `${path}/del`, permission: `${module}::delete`, body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.used === 0 },
    actions: [{
      key: 'disable', label: 'resources.common.disable', permission: `${module}::delete`, danger: true, when: (row) => row.used > 0 && row.state === 'ENABLED',
      confirm: { question: reason('confirmDisable'), path: `${path}/del`, body: (row) => ({ id: row.id, version: row.version }) },
    }],
  };
}

export const indicatorReasonSpec = reasonSpec(false);
export const statusReasonSpec = reasonSpec(true);
