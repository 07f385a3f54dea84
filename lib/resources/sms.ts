import type { SmsOutboxRow, SmsTemplateRow } from '../contract/sms';
import { SCENE_VARIABLES, SMS_SCENES } from '../workflow/sms';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import './rules/sms.generated';

const SMS_SCENE_OPTIONS: Option[] = SMS_SCENES.map((s) => ({ value: s, label: `resources.smsTemplate.scene.${s}` }));
const label = (key: string) => `resources.smsTemplate.${key}`;

/** SMS templates (noteTemplate): one enabled per scene; a row's test send opens the 'testSend' dialog. */
export const smsTemplateSpec: ResourceSpec<SmsTemplateRow> = {
  key: 'smsTemplate',
  rowKey: (row) => row.id,
  list: 'noteTemplate/list',
  search: [
    { name: 'scene', label: label('sceneName'), kind: 'select', options: SMS_SCENE_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    { name: 'content', label: label('content'), kind: 'text' },
  ],
  columns: [
    { key: 'scene', title: label('sceneName'), kind: 'enum', options: SMS_SCENE_OPTIONS, sort: 'scene' },
    { key: 'signature', title: label('signature'), width: 110 },
    { key: 'content', title: label('content'), width: 160 },
    { key: 'variables', title: label('variables'), value: (row) => SCENE_VARIABLES[row.scene].map((v) => `\${${v}}`).join(' '), width: 160 },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'version', title: label('version'), width: 80 },
    { key: 'sentCount', title: label('sentCount'), width: 90 },
    { key: 'updateTime', title: label('updateTime'), kind: 'datetime', sort: 'updateTime', hidden: true },
  ],
  form: {
    save: 'noteTemplate/add',
    update: 'noteTemplate/update',
    create: label('add'),
    edit: label('edit'),
    fields: [
      { name: 'scene', label: label('sceneName'), kind: 'select', options: SMS_SCENE_OPTIONS, locked: true, required: true },
      { name: 'signature', label: label('signature'), kind: 'text' },
      { name: 'content', label: label('content'), kind: 'textarea', placeholder: label('contentHint') },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    ],
    defaults: { state: 'ENABLED', signature: '创业担保贷款' },
    toValues: (row) => ({ scene: row.scene, signature: row.signature, content: row.content, state: row.state }),
    toPayload: (values, row) => {
      const { scene, ...rest } = values;
      return row ? { ...rest, id: row.id, version: row.version } : { ...rest, scene };
    },
  },
  actions: [{ key: 'testSend', label: label('testSend'), call: 'noteTemplate/testSend', dialog: 'testSend' }],
  remove: { path: 'noteTemplate/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.sentCount === 0 },
};

/** The SMS outbox: every message sent, newest first (codes and passwords hidden). */
export const smsOutboxSpec: ResourceSpec<SmsOutboxRow> = {
  key: 'smsOutbox',
  rowKey: (row) => row.id,
  list: 'noteTemplate/outbox',
  search: [
    { name: 'mobile', label: 'resources.smsOutbox.mobile', kind: 'text' },
    { name: 'template', label: 'resources.smsOutbox.template', kind: 'select', options: SMS_SCENE_OPTIONS },
  ],
  columns: [
    { key: 'createTime', title: 'resources.smsOutbox.createTime', kind: 'datetime', width: 170 },
    { key: 'mobile', title: 'resources.smsOutbox.mobile', width: 130 },
    { key: 'template', title: 'resources.smsOutbox.template', kind: 'enum', options: SMS_SCENE_OPTIONS, width: 150 },
    { key: 'templateVersion', title: 'resources.smsOutbox.templateVersion', width: 90 },
    { key: 'content', title: 'resources.smsOutbox.content', width: 440 },
  ],
};
