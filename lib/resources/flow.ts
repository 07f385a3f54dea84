import type { FlowRow, OvertimeRow } from '../contract/flow';
import { STAGES } from '../workflow/stages';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import { BORROWER_TYPE_OPTIONS } from './workbench';
import './rules/flow.generated';

const STAGE_OPTIONS: Option[] = STAGES.map((s) => ({ value: s, label: `approval.stage.${s}` }));
const label = (key: string) => `resources.flow.${key}`;

const withVersion = (values: Record<string, unknown>, row: FlowRow | null) => (row ? { ...values, id: row.id, version: row.version } : values);

/** Approval flows (approvalModule); a row's nodes are edited in the 'nodes' dialog. */
export const flowSpec: ResourceSpec<FlowRow> = {
  key: 'flow',
  rowKey: (row) => row.id,
  list: 'approvalModule/getList',
  search: [
    { name: 'name', label: label('name'), kind: 'text' },
    { name: 'borrowerType', label: label('borrowerType'), kind: 'select', options: BORROWER_TYPE_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: label('nameZh'), width: 120, language: 'zh-CN' },
    // A flow without an English name shows its Chinese one to English readers too.
    { key: 'nameEn', title: label('nameEn'), width: 120, language: 'en', value: (row) => row.nameEn || row.name },
    { key: 'borrowerType', title: label('borrowerType'), kind: 'enum', options: BORROWER_TYPE_OPTIONS },
    { key: 'nodeCount', title: label('nodeCount'), width: 90 },
    { key: 'runningCount', title: label('runningCount'), width: 90 },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'description', title: label('description'), width: 160, hidden: true },
    { key: 'updateTime', title: label('updateTime'), kind: 'datetime' },
  ],
  form: {
    save: 'approvalModule/add',
    update: 'approvalModule/update',
    create: label('add'),
    edit: label('edit'),
    fields: [
      { name: 'name', label: label('nameZhField'), kind: 'text' },
      { name: 'nameEn', label: label('nameEnField'), kind: 'text' },
      { name: 'borrowerType', label: label('borrowerType'), kind: 'select', options: BORROWER_TYPE_OPTIONS, locked: true },
      { name: 'description', label: label('description'), kind: 'textarea' },
    ],
    toValues: (row) => ({ name: row.name, nameEn: row.nameEn, borrowerType: row.borrowerType, description: row.description }),
    toPayload: (values, row) => {
      const { borrowerType, ...rest } = values;
      return row ? withVersion(rest, row) : { ...rest, borrowerType };
    },
  },
  actions: [
    { key: 'nodes', label: label('nodes'), dialog: 'nodes' },
    {
      key: 'enable', label: 'resources.common.enable', when: (row) => row.state === 'DISABLED',
      confirm: {
        question: label('confirmEnable'),
        path: 'approvalModule/update',
        body: (row) => ({ id: row.id, version: row.version, name: row.name, nameEn: row.nameEn, description: row.description, state: 'ENABLED' }),
      },
    },
  ],
  remove: { path: 'approvalModule/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.state === 'DISABLED' },
};

/** The time-out config of every stage (systemOvertimeConfig). */
export const overtimeSpec: ResourceSpec<OvertimeRow> = {
  key: 'overtime',
  rowKey: (row) => row.stage,
  list: 'systemOvertimeConfig/list',
  search: [{ name: 'stage', label: 'resources.overtime.stage', kind: 'select', options: STAGE_OPTIONS }],
  columns: [
    { key: 'stage', title: 'resources.overtime.stage', kind: 'enum', options: STAGE_OPTIONS },
    { key: 'days', title: 'resources.overtime.days' },
    { key: 'remind', title: 'resources.overtime.remind', kind: 'boolean' },
    { key: 'overdue', title: 'resources.overtime.overdue' },
    { key: 'updateTime', title: 'resources.overtime.updateTime', kind: 'datetime' },
  ],
  form: {
    save: 'systemOvertimeConfig/add',
    update: 'systemOvertimeConfig/update',
    create: 'resources.overtime.add',
    edit: 'resources.overtime.edit',
    fields: [
      { name: 'stage', label: 'resources.overtime.stage', kind: 'select', options: STAGE_OPTIONS, locked: true },
      { name: 'days', label: 'resources.overtime.days', kind: 'number' },
      { name: 'remind', label: 'resources.overtime.remind', kind: 'switch' },
    ],
    defaults: { remind: true },
    toValues: (row) => ({ stage: row.stage, days: row.days, remind: row.remind }),
    toPayload: (values, row) => ({ ...values, remind: Boolean(values.remind), ...(row ? { stage: row.stage, version: row.version } : {}) }),
  },
  remove: { path: 'systemOvertimeConfig/del', body: (row) => ({ stage: row.stage, version: row.version }) },
};
