import { IMPORT_MAX_BYTES } from '../contract/limits';
import type { UserRow } from '../contract/user';
import { checkField } from '../contract/rules';
import { ORG_TREE_SOURCE, USER_STATE_OPTIONS } from './options';
import type { ResourceSpec } from './types';
import './rules/user.generated';

const optional = (field: 'mail' | 'mobile' | 'newPassword') => (value: unknown) => (value ? checkField(field, value) : null);
const live = (row: UserRow) => row.state !== 'WRITTEN_OFF';

/** Users (SPEC.md section 7, systemUser). */
export const userSpec: ResourceSpec<UserRow> = {
  key: 'user',
  rowKey: (row) => row.id,
  list: 'systemUser/adminList',
  search: [
    { name: 'username', label: 'resources.user.username', kind: 'text' },
    { name: 'nickname', label: 'resources.user.nickname', kind: 'text' },
    { name: 'mobile', label: 'resources.user.mobile', kind: 'text' },
    { name: 'orgId', label: 'resources.user.org', kind: 'treeSelect', numeric: true, source: ORG_TREE_SOURCE },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: USER_STATE_OPTIONS },
  ],
  columns: [
    { key: 'username', title: 'resources.user.username', sort: 'username', width: 120 },
    { key: 'nickname', title: 'resources.user.nickname', width: 100 },
    { key: 'mobile', title: 'resources.user.mobile', kind: 'masked', width: 120 },
    { key: 'orgName', title: 'resources.user.org', width: 150 },
    { key: 'roles', title: 'resources.user.roles', value: (row) => row.roles.map((r) => r.name), width: 140 },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: USER_STATE_OPTIONS, width: 80 },
    { key: 'lastLoginTime', title: 'resources.user.lastLogin', kind: 'datetime', hidden: true },
    { key: 'createTime', title: 'resources.common.createTime', kind: 'datetime', sort: 'createTime', hidden: true },
  ],
  form: {
    save: 'systemUser/saveOrUpdate',
    create: 'resources.user.add',
    edit: 'resources.user.edit',
    fields: [
      { name: 'username', label: 'resources.user.username', kind: 'text', locked: true },
      { name: 'nickname', label: 'resources.user.nickname', kind: 'text' },
      { name: 'mobile', label: 'resources.user.mobile', kind: 'text', required: true, rule: 'mobile', max: 11, only: 'create' },
      // The list shows mobiles masked: an edit leaves the stored one unless a new one is typed.
      { name: 'mobile', label: 'resources.user.mobile', kind: 'text', check: optional('mobile'), max: 11, only: 'edit', placeholder: 'resources.user.mobileKeep' },
      { name: 'mail', label: 'resources.user.mail', kind: 'text', check: optional('mail') },
      { name: 'orgId', label: 'resources.user.org', kind: 'treeSelect', numeric: true, source: ORG_TREE_SOURCE },
      { name: 'password', label: 'resources.user.password', kind: 'password', only: 'create', check: optional('newPassword'), placeholder: 'resources.user.passwordHint' },
    ],
    toValues: (row) => ({ username: row.username, nickname: row.nickname, mail: row.mail ?? '', orgId: row.orgId, mobile: '' }),
    toPayload: (values, row) => ({
      ...values,
      mail: values.mail || undefined,
      password: values.password || undefined,
      ...(row ? { id: row.id, version: row.version, mobile: values.mobile || undefined } : {}),
    }),
    afterSave: 'password',
  },
  actions: [
    {
      key: 'state', when: live,
      label: (row) => (row.state === 'ENABLED' ? 'resources.common.disable' : 'resources.common.enable'),
      confirm: {
        question: (row) => (row.state === 'ENABLED' ? 'resources.user.confirmDisable' : 'resources.user.confirmEnable'),
        path: 'systemUser/changeState',
        body: (row) => ({ id: row.id, version: row.version, state: row.state === 'ENABLED' ? 'DISABLED' : 'ENABLED' }),
      },
    },
    { key: 'confer', call: 'systemUser/confer', label: 'resources.user.confer', when: live, dialog: 'confer' },
    { key: 'reset', call: 'systemUser/resetPassWord', label: 'resources.user.reset', when: live, dialog: 'reset' },
    {
      key: 'writeOff', label: 'resources.user.writeOff', when: live, danger: true,
      confirm: { question: 'resources.user.confirmWriteOff', path: 'systemUser/writeOff', body: (row) => ({ id: row.id, version: row.version }) },
    },
  ],
  remove: { path: 'systemUser/del', batch: true },
  importer: { check: 'systemUser/importCheck', commit: 'systemUser/importCommit', template: 'systemUser/importTemplate', maxBytes: IMPORT_MAX_BYTES },
};
