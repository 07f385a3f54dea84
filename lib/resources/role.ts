import type { RoleRow } from '../contract/role';
import { STATE_OPTIONS } from './options';
import type { ResourceSpec } from './types';

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
    createPermission: 'role::add',
    editPermission: 'role::edit',
    fields: [
      { name: 'name', label: 'resources.role.name', kind: 'text' },
      { name: 'description', label: 'resources.role.description', kind: 'textarea' },
    ],
    toValues: (row) => ({ name: row.name, description: row.description }),
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
  actions: [
    { key: 'authorize', permission: 'role::authorize', label: 'resources.role.authorize', dialog: 'authorize' },
    {
      key: 'state', permission: 'role::state',
      label: (row) => (row.state === 'ENABLED' ? 'resources.common.disable' : 'resources.common.enable'),
      confirm: {
        question: (row) => (row.state === 'ENABLED' ? 'resources.role.confirmDisable' : 'resources.role.confirmEnable'),
        path: 'role/changeState',
        body: (row) => ({ id: row.id, version: row.version, state: row.state === 'ENABLED' ? 'DISABLED' : 'ENABLED' }),
      },
    },
  ],
  remove: { path: 'role/del', permission: 'role::delete' },
};
