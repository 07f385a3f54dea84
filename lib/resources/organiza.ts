import type { OrgNode } from '../contract/organiza';
import { ORG_TREE_SOURCE, ORG_TYPE_OPTIONS, STATE_OPTIONS } from './options';
import type { ResourceSpec } from './types';
import './rules/organiza.generated';

/** Organisations: a lazily loaded tree (SPEC.md section 7, systemOrganiza). */
export const organizaSpec: ResourceSpec<OrgNode> = {
  key: 'organiza',
  rowKey: (row) => row.id,
  list: 'systemOrganiza/organizaList',
  tree: { path: 'systemOrganiza/organizaList', hasChildren: (row) => row.hasChildren, nodeType: (row) => row.type },
  search: [
    { name: 'name', label: 'resources.organiza.name', kind: 'text' },
    { name: 'type', label: 'resources.organiza.type', kind: 'select', options: ORG_TYPE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: 'resources.organiza.name' },
    { key: 'type', title: 'resources.organiza.type', kind: 'enum', options: ORG_TYPE_OPTIONS },
    { key: 'regionName', title: 'resources.organiza.region' },
    { key: 'userCount', title: 'resources.organiza.userCount' },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'sort', title: 'resources.common.sort', hidden: true },
    { key: 'createTime', title: 'resources.common.createTime', kind: 'datetime', hidden: true },
  ],
  form: {
    save: 'systemOrganiza/saveOrupdate',
    create: 'resources.organiza.add',
    edit: 'resources.organiza.edit',
    fields: [
      { name: 'parentId', label: 'resources.organiza.parent', kind: 'treeSelect', numeric: true, source: ORG_TREE_SOURCE },
      { name: 'name', label: 'resources.organiza.name', kind: 'text' },
      { name: 'type', label: 'resources.organiza.type', kind: 'select', options: ORG_TYPE_OPTIONS },
      { name: 'regionCode', label: 'resources.organiza.region', kind: 'region' },
      { name: 'sort', label: 'resources.common.sort', kind: 'number' },
      { name: 'state', label: 'resources.common.state', kind: 'select', required: true, options: STATE_OPTIONS },
    ],
    defaults: { state: 'ENABLED', sort: 0 },
    toValues: (row) => ({ parentId: row.parentId, name: row.name, type: row.type, regionCode: row.regionCode, sort: row.sort, state: row.state }),
    toPayload: (values, row) => ({
      ...values, parentId: values.parentId ?? null, regionCode: values.regionCode || undefined,
      ...(row ? { id: row.id, version: row.version } : {}),
    }),
  },
  addChild: { label: 'resources.organiza.addChild', field: 'parentId' },
  remove: { path: 'systemOrganiza/delete' },
};
