import { PROOF_KINDS } from '../workflow/files';
import { IMPORT_MAX_BYTES } from '../contract/limits';
import type { BlacklistRow, ClientGroupRow, ReasonRow, StrategyRow, WhitelistRow } from '../contract/risk';
import { STAGES } from '../workflow/stages';
import { STATE_OPTIONS } from './options';
import type { FieldSpec, Option, ResourceSpec } from './types';
import { BORROWER_TYPE_OPTIONS } from './workbench';
import './rules/risk.generated';

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
    { key: 'mobile', title: black('mobile'), hidden: true },
    { key: 'reason', title: black('reason'), ellipsis: true },
    { key: 'source', title: black('source'), kind: 'enum', options: SOURCE_OPTIONS },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: BLACK_STATE_OPTIONS },
    { key: 'expiresOn', title: black('expiresOn'), width: 110 },
    { key: 'createdBy', title: black('createdBy'), hidden: true },
    { key: 'createTime', title: black('createTime'), kind: 'datetime', sort: 'createTime', hidden: true },
    { key: 'relieveReason', title: black('relieveReason'), ellipsis: true },
  ],
  form: {
    save: 'sysBlackList/add',
    addOnly: true,
    create: black('add'),
    edit: black('add'),
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
    maxBytes: IMPORT_MAX_BYTES,
  },
  actions: [{ key: 'relieve', label: black('relieve'), call: 'sysBlackList/relieve', dialog: 'relieve', danger: true, when: (row) => row.state === 'ACTIVE' }],
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
  remove: { path: 'sysWhiteList/del', body: (row) => ({ id: row.id, version: row.version }) },
};

const reasonFields = (status: boolean): FieldSpec[] => [
  { name: 'content', label: reason('content'), kind: 'text', required: true, max: 255 },
  { name: 'contentEn', label: reason('contentEn'), kind: 'text', required: true, max: 255 },
  { name: 'smsText', label: reason('smsText'), kind: 'textarea', required: true, max: 255 },
  { name: 'fraud', label: reason('fraud'), kind: 'switch' },
  ...(status ? [{ name: 'stage', label: reason('stage'), kind: 'select', options: STAGE_OPTIONS, placeholder: reason('everyStage') } as FieldSpec] : []),
  { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS, required: true },
  { name: 'sort', label: reason('sort'), kind: 'number', bounds: { min: 0, max: 1_000_000, precision: 0 } },
];

/** Refusal reasons of the indicators (indicatorRefuseConfig) or of the stages (staterefuseconfig). */
function reasonSpec(status: boolean): ResourceSpec<ReasonRow> {
  const path = status ? 'staterefuseconfig' : 'indicatorRefuseConfig';
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
      { key: 'content', title: reason('content'), width: 150, language: 'zh-CN' },
      { key: 'contentEn', title: reason('contentEn'), width: 150, language: 'en' },
      { key: 'smsText', title: reason('smsText'), width: 170 },
      ...(status ? [{ key: 'stage', title: reason('stage'), kind: 'enum' as const, options: STAGE_OPTIONS, value: (row: ReasonRow) => row.stage ?? '' }] : []),
      { key: 'fraud', title: reason('fraud'), kind: 'boolean' },
      { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
      { key: 'used', title: reason('used'), width: 80, hidden: true },
      { key: 'sort', title: reason('sort'), sort: 'sort', width: 80 },
      { key: 'updateTime', title: reason('updateTime'), kind: 'datetime', hidden: true },
    ],
    form: {
      save: `${path}/add`,
      update: `${path}/update`,
      create: reason('add'),
      edit: reason('edit'),
      fields: reasonFields(status),
      defaults: { state: 'ENABLED', sort: 0, fraud: false },
      toValues: (row) => ({ content: row.content, contentEn: row.contentEn, smsText: row.smsText, fraud: row.fraud, stage: row.stage ?? undefined, state: row.state, sort: row.sort }),
      toPayload: (values, row) => ({ ...values, fraud: Boolean(values.fraud), ...(row ? { id: row.id, version: row.version } : {}) }),
    },
    // A reason a refusal used is disabled, never deleted.
    remove: { path: `${path}/del`, body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.used === 0 },
    actions: [{
      key: 'disable', label: 'resources.common.disable', danger: true, when: (row) => row.used > 0 && row.state === 'ENABLED',
      confirm: { question: reason('confirmDisable'), path: `${path}/del`, body: (row) => ({ id: row.id, version: row.version }) },
    }],
  };
}

export const indicatorReasonSpec = reasonSpec(false);
export const statusReasonSpec = reasonSpec(true);

const group = (key: string) => `resources.clientGroup.${key}`;
/** The proof documents a group may require: kinds of file (lib/workflow/files.ts PROOF_KINDS). */
const PROOF_OPTIONS: Option[] = PROOF_KINDS.map((k) => ({ value: k, label: `approval.fileKind.${k}` }));

/** Client groups (business-client-group): the policy's key groups; one in use is disabled, never deleted. */
export const clientGroupSpec: ResourceSpec<ClientGroupRow> = {
  key: 'clientGroup',
  rowKey: (row) => row.id,
  list: 'business-client-group/list',
  search: [
    { name: 'name', label: group('name'), kind: 'text' },
    { name: 'borrowerType', label: group('borrowerTypes'), kind: 'select', options: BORROWER_TYPE_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'code', title: group('code') },
    { key: 'nameZh', title: group('nameZh'), language: 'zh-CN' },
    { key: 'nameEn', title: group('nameEn'), language: 'en' },
    { key: 'borrowerTypes', title: group('borrowerTypes'), kind: 'enum', options: BORROWER_TYPE_OPTIONS, width: 280 },
    { key: 'proofKinds', title: group('proofKinds'), kind: 'enum', options: PROOF_OPTIONS, hidden: true },
    { key: 'creditExempt', title: group('creditExempt'), kind: 'boolean' },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'used', title: group('used'), width: 90 },
    { key: 'sort', title: 'resources.common.sort', sort: 'sort', width: 80, hidden: true },
  ],
  form: {
    save: 'business-client-group/edit',
    update: 'business-client-group/edit',
    create: group('add'),
    edit: group('edit'),
    fields: [
      { name: 'code', label: group('code'), kind: 'text', required: true, max: 32 },
      { name: 'nameZh', label: group('nameZh'), kind: 'text', required: true, max: 64 },
      { name: 'nameEn', label: group('nameEn'), kind: 'text', required: true, max: 128 },
      { name: 'borrowerTypes', label: group('borrowerTypes'), kind: 'multiSelect', options: BORROWER_TYPE_OPTIONS, required: true },
      { name: 'proofKinds', label: group('proofKinds'), kind: 'multiSelect', options: PROOF_OPTIONS },
      { name: 'creditExempt', label: group('creditExempt'), kind: 'switch' },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS, required: true },
      { name: 'sort', label: 'resources.common.sort', kind: 'number', bounds: { min: 0, max: 1_000_000, precision: 0 } },
    ],
    defaults: { state: 'ENABLED', sort: 0, creditExempt: false, proofKinds: [] },
    toValues: (row) => ({ code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, borrowerTypes: row.borrowerTypes, proofKinds: row.proofKinds, creditExempt: row.creditExempt, state: row.state, sort: row.sort }),
    toPayload: (values, row) => ({ ...values, proofKinds: values.proofKinds ?? [], creditExempt: Boolean(values.creditExempt), ...(row ? { id: row.id, version: row.version } : {}) }),
  },
  remove: { path: 'business-client-group/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.used === 0 },
  actions: [{
    key: 'disable', label: 'resources.common.disable', danger: true, when: (row) => row.used > 0 && row.state === 'ENABLED',
    confirm: { question: group('confirmDisable'), path: 'business-client-group/del', body: (row) => ({ id: row.id, version: row.version }) },
  }],
};

const rule = (key: string) => `resources.strategy.${key}`;
interface Situation { id: number; name: string }

/** The blacklist strategy (business-blacklist-strategy): rules over the situations; one that added entries is disabled, never deleted. */
export const strategySpec: ResourceSpec<StrategyRow> = {
  key: 'strategy',
  rowKey: (row) => row.id,
  list: 'business-blacklist-strategy/list',
  search: [
    { name: 'name', label: rule('name'), kind: 'text' },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: rule('name') },
    { key: 'condition', title: rule('condition'), kind: 'enum', options: ['FALSE_MATERIAL', 'COMPENSATED', 'OVERDUE_DAYS'].map((c) => ({ value: c, label: rule(`situation.${c}`) })) },
    { key: 'paramValue', title: rule('paramValue'), width: 100 },
    { key: 'months', title: rule('months'), width: 100 },
    { key: 'reason', title: rule('reason'), ellipsis: true },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'added', title: rule('added'), width: 100, hidden: true },
    { key: 'updateTime', title: rule('updateTime'), kind: 'datetime', hidden: true },
  ],
  form: {
    save: 'business-blacklist-strategy/edit',
    update: 'business-blacklist-strategy/edit',
    create: rule('add'),
    edit: rule('edit'),
    fields: [
      { name: 'name', label: rule('name'), kind: 'text', required: true, max: 64 },
      {
        name: 'conditionId', label: rule('condition'), kind: 'select', numeric: true, required: true,
        source: { path: 'business-situation-condition/list', toOptions: (data) => (data as Situation[]).map((s) => ({ value: s.id, label: s.name })) },
      },
      { name: 'paramValue', label: rule('paramValue'), kind: 'number', bounds: { min: 1, max: 3650, precision: 0 } },
      { name: 'months', label: rule('months'), kind: 'number', required: true, bounds: { min: 1, max: 120, precision: 0 } },
      { name: 'reason', label: rule('reason'), kind: 'textarea', required: true, max: 255 },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS, required: true },
      { name: 'sort', label: 'resources.common.sort', kind: 'number', bounds: { min: 0, max: 1_000_000, precision: 0 } },
    ],
    defaults: { state: 'ENABLED', sort: 0, months: 12 },
    toValues: (row) => ({ name: row.name, conditionId: row.conditionId, paramValue: row.paramValue ?? undefined, months: row.months, reason: row.reason, state: row.state, sort: row.sort }),
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
  remove: { path: 'business-blacklist-strategy/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.added === 0 },
  actions: [{
    key: 'disable', label: 'resources.common.disable', danger: true, when: (row) => row.added > 0 && row.state === 'ENABLED',
    confirm: { question: rule('confirmDisable'), path: 'business-blacklist-strategy/del', body: (row) => ({ id: row.id, version: row.version }) },
  }],
};
