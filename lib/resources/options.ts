import type { Option, TreeOption } from './types';

/** Option lists shared by the resource specs (labels are message keys). */
export const STATE_OPTIONS: Option[] = [
  { value: 'ENABLED', label: 'resources.common.enabled', color: 'green' },
  { value: 'DISABLED', label: 'resources.common.disabled', color: 'default' },
];
export const USER_STATE_OPTIONS: Option[] = [...STATE_OPTIONS, { value: 'WRITTEN_OFF', label: 'resources.user.writtenOff', color: 'red' }];
export const ORG_TYPE_OPTIONS: Option[] = [
  { value: 'OPERATOR', label: 'resources.organiza.typeOperator', color: 'blue' },
  { value: 'RENSHE', label: 'resources.organiza.typeRenshe', color: 'purple' },
  { value: 'GUARANTEE', label: 'resources.organiza.typeGuarantee', color: 'orange' },
  { value: 'BANK', label: 'resources.organiza.typeBank', color: 'cyan' },
];

interface Named { id: number; name: string; children?: Named[] }
/** The organisation tree (systemOrganiza/orgTree) as tree-select options. */
const orgTreeOptions = (data: unknown): TreeOption[] => {
  const walk = (nodes: Named[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: walk(n.children ?? []) }));
  return walk(data as Named[]);
};
export const ORG_TREE_SOURCE = { path: 'systemOrganiza/orgTree' as const, toOptions: orgTreeOptions };
