import type { PermissionNode, PermissionSonNode } from '../contract/permission';
import type { Option, ResourceSpec, TreeOption } from './types';
import './rules/menu.generated';

const KIND_OPTIONS: Option[] = [
  { value: 'MENU', label: 'resources.menu.kindMenu', color: 'blue' },
  { value: 'BUTTON', label: 'resources.menu.kindButton', color: 'orange' },
];
const GROUP_OPTIONS: Option[] = [
  { value: 'business', label: 'shell.groups.business' },
  { value: 'setting', label: 'shell.groups.setting' },
  { value: 'operation', label: 'shell.groups.operation' },
];
/** Menu nodes (buttons cannot hold children) of the whole tree as tree-select options. */
const menuOptions = (data: unknown): TreeOption[] => {
  const walk = (nodes: PermissionNode[]): TreeOption[] => nodes.filter((n) => n.kind === 'MENU')
    .map((n) => ({ value: n.id, title: `${n.titleZh} / ${n.titleEn}`, children: walk(n.children) }));
  return walk(data as PermissionNode[]);
};

/** Menus and their buttons: a lazily loaded tree (SPEC.md section 7, systemPermisson). */
export const menuSpec: ResourceSpec<PermissionSonNode> = {
  key: 'menu',
  rowKey: (row) => row.id,
  list: 'systemPermisson/permissonSonList',
  tree: { path: 'systemPermisson/permissonSonList', hasChildren: (row) => row.hasChildren, nodeType: (row) => row.kind },
  search: [],
  columns: [
    // Wide enough for the longest title under two levels of the tree's indent ('Guarantee second review').
    { key: 'titleZh', title: 'resources.menu.titleZh', language: 'zh-CN', width: 200 },
    { key: 'titleEn', title: 'resources.menu.titleEn', language: 'en', width: 280 },
    { key: 'kind', title: 'resources.menu.kind', kind: 'tag', options: KIND_OPTIONS },
    { key: 'target', title: 'resources.menu.target', value: (row) => row.path ?? row.action },
    { key: 'icon', title: 'resources.menu.icon', kind: 'icon', width: 70 },
    { key: 'sort', title: 'resources.common.sort', width: 80 },
    { key: 'hidden', title: 'resources.menu.hidden', kind: 'boolean' },
  ],
  form: {
    save: 'systemPermisson/saveOrupdate',
    create: 'resources.menu.add',
    edit: 'resources.menu.edit',
    fields: [
      { name: 'parentId', label: 'resources.menu.parent', kind: 'treeSelect', numeric: true, source: { path: 'systemPermisson/permissonList', toOptions: menuOptions } },
      { name: 'kind', label: 'resources.menu.kind', kind: 'select', options: KIND_OPTIONS, locked: true },
      { name: 'titleZh', label: 'resources.menu.titleZh', kind: 'text' },
      { name: 'titleEn', label: 'resources.menu.titleEn', kind: 'text' },
      { name: 'path', label: 'resources.menu.path', kind: 'text', check: (v, all) => (all.kind === 'MENU' && !v ? 'validation.permissionPath' : null) },
      { name: 'action', label: 'resources.menu.action', kind: 'text', check: (v, all) => (all.kind === 'BUTTON' && !String(v ?? '').includes('::') ? 'validation.permissionAction' : null) },
      { name: 'icon', label: 'resources.menu.icon', kind: 'icon' },
      { name: 'sort', label: 'resources.common.sort', kind: 'number' },
      { name: 'headerGroup', label: 'resources.menu.headerGroup', kind: 'select', options: GROUP_OPTIONS },
      { name: 'auth', label: 'resources.menu.auth', kind: 'text' },
      { name: 'hidden', label: 'resources.menu.hidden', kind: 'switch' },
    ],
    defaults: { kind: 'MENU', sort: 0, hidden: false },
    toValues: (row) => ({
      parentId: row.parentId, kind: row.kind, titleZh: row.titleZh, titleEn: row.titleEn, path: row.path ?? '', action: row.action ?? '',
      icon: row.icon ?? '', sort: row.sort, headerGroup: row.headerGroup ?? undefined, auth: row.auth ?? '', hidden: row.hidden,
    }),
    toPayload: (values, row) => ({
      ...values, parentId: values.parentId ?? null,
      path: values.kind === 'MENU' ? values.path || undefined : undefined,
      action: values.kind === 'BUTTON' ? values.action || undefined : undefined,
      icon: values.icon || undefined, auth: values.auth || undefined, headerGroup: values.headerGroup || undefined,
      ...(row ? { id: row.id, version: row.version } : {}),
    }),
  },
  addChild: { label: 'resources.menu.addChild', field: 'parentId', when: (row) => row.kind === 'MENU' },
  remove: { path: 'systemPermisson/delete' },
};
