import type { RoleRow } from '../contract/role';
import { STATE_OPTIONS } from './options';
import type { ResourceSpec } from './types';
import './rules/role.generated';

/** Roles (SPEC.md section 7, role). */
export const roleSpec: ResourceSpec<RoleRow> = {
  key: 'role',
  rowKey: (row) => row.id,
  list: 'role/roleList',
  search: [
    { name: 'name', label: 'resources.role.name', kind: 'text' },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: 'resources.role.name' },
    { key: 'description', title: 'resources.role.description', ellipsis: true },
    { key: 'userCount', title: 'resources.role.userCount' },
    { key: 'permissionCount', title: 'resources.role.permissionCount' },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'createTime', title: 'resources.common.createTime', kind: 'datetime' },
  ],
  form: {
    save: 'role/saveOrUpdate',
    create: 'resources.role.add',
    edit: 'resources.role.edit',
    fields: [
      // Both languages' texts side by side; the English ones left empty, the Chinese serve both.
      { name: 'name', label: 'resources.role.nameZh', kind: 'text' },
      { name: 'nameEn', label: 'resources.role.nameEn', kind: 'text', placeholder: 'resources.role.sameAsChinese' },
      { name: 'description', label: 'resources.role.descriptionZh', kind: 'textarea' },
      { name: 'descriptionEn', label: 'resources.role.descriptionEn', kind: 'textarea', placeholder: 'resources.role.sameAsChinese' },
    ],
    toValues: (row) => ({ name: row.nameZh, nameEn: row.nameEn, description: row.descriptionZh, descriptionEn: row.descriptionEn }),
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
  actions: [
    { key: 'authorize', call: 'role/authorize', label: 'resources.role.authorize', dialog: 'authorize' },
    {
      key: 'state',
      label: (row) => (row.state === 'ENABLED' ? 'resources.common.disable' : 'resources.common.enable'),
      confirm: {
        question: (row) => (row.state === 'ENABLED' ? 'resources.role.confirmDisable' : 'resources.role.confirmEnable'),
        path: 'role/changeState',
        body: (row) => ({ id: row.id, version: row.version, state: row.state === 'ENABLED' ? 'DISABLED' : 'ENABLED' }),
      },
    },
  ],
  remove: { path: 'role/del' },
};
