import type { CallOutput } from '../contract/calls';
import type { ResourceSpec } from './types';
import './rules/logs.generated';

/** The operation log (操作日志) and the sign-in log (登录日志): searched, paged, exported; no row is edited or deleted. */
type OperationRow = CallOutput<'operationLog/list'>['list'][number];
type SignInRow = CallOutput<'loginLog/list'>['list'][number];

const op = (key: string) => `resources.operationLog.${key}`;
const si = (key: string) => `resources.signInLog.${key}`;
const SIGN_IN_OUTCOME_OPTIONS = (['SUCCESS', 'FAILURE', 'LOCKED'] as const).map((value) => ({
  value, label: si(`outcomes.${value}`), color: value === 'SUCCESS' ? 'green' : value === 'LOCKED' ? 'red' : 'orange',
}));

export const operationLogSpec: ResourceSpec<OperationRow> = {
  key: 'operationLog',
  rowKey: (row) => row.id,
  list: 'operationLog/list',
  search: [
    { name: 'username', label: op('username'), kind: 'text' },
    { name: 'action', label: op('action'), kind: 'text' },
    { name: 'targetType', label: op('targetType'), kind: 'text' },
    { name: 'targetId', label: op('targetId'), kind: 'text' },
    { name: 'date', label: op('date'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'createTime', title: op('time'), kind: 'datetime', width: 170 },
    { key: 'username', title: op('username'), width: 110 },
    { key: 'nickname', title: op('nickname'), width: 110, hidden: true },
    { key: 'orgName', title: op('org'), width: 150 },
    { key: 'action', title: op('action'), width: 160 },
    // Off until shown in the column settings, so that the default set fits within 1440 px.
    { key: 'targetType', title: op('targetType'), width: 110, hidden: true },
    { key: 'targetId', title: op('targetId'), width: 100 },
    { key: 'changes', title: op('changes'), ellipsis: true, width: 220 },
    { key: 'clientIp', title: op('clientIp'), width: 130 },
  ],
};

export const signInLogSpec: ResourceSpec<SignInRow> = {
  key: 'signInLog',
  rowKey: (row) => row.id,
  list: 'loginLog/list',
  search: [
    { name: 'username', label: si('username'), kind: 'text' },
    { name: 'outcome', label: si('outcome'), kind: 'select', options: SIGN_IN_OUTCOME_OPTIONS },
    { name: 'clientIp', label: si('clientIp'), kind: 'text' },
    { name: 'date', label: si('date'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'createTime', title: si('time'), kind: 'datetime', width: 170 },
    { key: 'username', title: si('username'), width: 160 },
    { key: 'nickname', title: si('nickname'), width: 110 },
    { key: 'orgName', title: si('org'), width: 160 },
    { key: 'outcome', title: si('outcome'), kind: 'tag', options: SIGN_IN_OUTCOME_OPTIONS, width: 100 },
    { key: 'clientIp', title: si('clientIp'), width: 140 },
  ],
};
