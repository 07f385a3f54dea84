import type { PushLogRow, PushTargetRow, RenshePushRow } from '../contract/push';
import { BATCH_STATUSES, PUSH_ERRORS, PUSH_EVENTS, PUSH_STATUSES } from '../workflow/push';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import './rules/push.generated';

const COLORS: Record<string, string> = {
  PENDING: 'blue', SENDING: 'processing', FAILED: 'orange', DELIVERED: 'green', DEAD: 'red', SUCCEEDED: 'green',
};
const push = (key: string) => `resources.pushData.${key}`;
const targetLabel = (key: string) => `resources.pushTarget.${key}`;
const renshe = (key: string) => `resources.renshePush.${key}`;

const PUSH_EVENT_OPTIONS: Option[] = PUSH_EVENTS.map((e) => ({ value: e, label: push(`event.${e}`) }));
const PUSH_STATUS_OPTIONS: Option[] = PUSH_STATUSES.map((s) => ({ value: s, label: push(`status.${s}`), color: COLORS[s] }));
const PUSH_ERROR_OPTIONS: Option[] = PUSH_ERRORS.map((e) => ({ value: e, label: push(`error.${e}`) }));
const BATCH_STATUS_OPTIONS: Option[] = BATCH_STATUSES.map((s) => ({ value: s, label: renshe(`status.${s}`), color: s === 'FAILED' ? 'red' : COLORS[s] }));
const TARGET_SOURCE = {
  path: 'pushTarget/options' as const,
  toOptions: (data: unknown) => (data as { id: number; name: string }[]).map((t) => ({ value: t.id, label: t.name })),
};

/** The data push log (businessDataSyncLog): every event to every target, its attempts and last answer; re-push one, the selected or every failed one. */
export const pushLogSpec: ResourceSpec<PushLogRow> = {
  key: 'pushData',
  rowKey: (row) => row.id,
  list: 'businessDataSyncLog/list',
  search: [
    { name: 'applicationNumber', label: push('applicationNumber'), kind: 'text' },
    { name: 'event', label: push('eventName'), kind: 'select', options: PUSH_EVENT_OPTIONS },
    { name: 'targetId', label: push('target'), kind: 'select', numeric: true, source: TARGET_SOURCE },
    { name: 'status', label: push('statusName'), kind: 'select', options: PUSH_STATUS_OPTIONS },
    { name: 'date', label: push('createTime'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'createTime', title: push('createTime'), kind: 'datetime', width: 155, hidden: true },
    { key: 'applicationNumber', title: push('applicationNumber'), width: 160 },
    { key: 'event', title: push('eventName'), kind: 'enum', options: PUSH_EVENT_OPTIONS, width: 90 },
    { key: 'targetName', title: push('target'), width: 150, hidden: true },
    { key: 'status', title: push('statusName'), kind: 'tag', options: PUSH_STATUS_OPTIONS, width: 80 },
    { key: 'attempts', title: push('attempts'), value: (row) => `${row.attempts} / ${row.attemptLimit}`, width: 70 },
    { key: 'lastHttpCode', title: push('lastHttpCode'), width: 80, hidden: true },
    { key: 'lastError', title: push('lastError'), kind: 'enum', options: PUSH_ERROR_OPTIONS, width: 110 },
    { key: 'lastDetail', title: push('lastDetail'), width: 200, hidden: true },
    { key: 'nextAttemptTime', title: push('nextAttemptTime'), kind: 'datetime', width: 155 },
    { key: 'deliveredTime', title: push('deliveredTime'), kind: 'datetime', width: 170, hidden: true },
  ],
  actions: [
    { key: 'payload', label: push('payload'), dialog: 'payload' },
    {
      key: 'push', label: push('push'), when: (row) => row.status !== 'SENDING',
      confirm: { question: push('confirmPush'), path: 'businessDataSyncLog/push', body: (row) => ({ id: row.id }), done: push('pushed') },
    },
  ],
  batchActions: [
    {
      key: 'pushSelected', label: push('pushSelected'), question: push('confirmPushSelected'), done: push('pushedMany'),
      path: 'businessDataSyncLog/batchPush', body: (rows) => ({ ids: rows.map((r) => r.id) }), when: (row) => row.status !== 'SENDING',
    },
    {
      key: 'pushFailed', label: push('pushFailed'), question: push('confirmPushFailed'), done: push('pushedMany'),
      path: 'businessDataSyncLog/batchPush', body: () => ({ allFailed: true }), selection: false,
      // Disabled, saying so, while no event failed.
      available: {
        counts: (['FAILED', 'DEAD'] as const).map((status) => ({ path: 'businessDataSyncLog/list' as const, body: { pageNum: 1, pageSize: 5, status } })),
        none: push('noneFailed'),
      },
    },
  ],
};

/** Push targets: where events go, the secret they are signed with (written, never shown back) and the events each takes. */
export const pushTargetSpec: ResourceSpec<PushTargetRow> = {
  key: 'pushTarget',
  rowKey: (row) => row.id,
  list: 'pushTarget/list',
  search: [
    { name: 'name', label: targetLabel('name'), kind: 'text' },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'name', title: targetLabel('name'), sort: 'name', width: 160 },
    { key: 'url', title: targetLabel('url'), ellipsis: true, width: 200 },
    { key: 'secretHint', title: targetLabel('secret'), width: 110 },
    { key: 'events', title: targetLabel('events'), kind: 'tag', options: PUSH_EVENT_OPTIONS },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS, width: 90 },
    { key: 'deliveries', title: targetLabel('deliveries'), width: 100 },
    { key: 'updateTime', title: targetLabel('updateTime'), kind: 'datetime', sort: 'updateTime', width: 170, hidden: true },
  ],
  form: {
    save: 'pushTarget/add',
    update: 'pushTarget/update',
    create: targetLabel('add'),
    edit: targetLabel('edit'),
    fields: [
      { name: 'name', label: targetLabel('name'), kind: 'text', required: true, max: 64 },
      { name: 'url', label: targetLabel('url'), kind: 'text', required: true, max: 500, placeholder: targetLabel('urlHint') },
      { name: 'secret', label: targetLabel('secret'), kind: 'password', required: true, only: 'create', max: 128, placeholder: targetLabel('secretHint') },
      { name: 'secret', label: targetLabel('newSecret'), kind: 'password', only: 'edit', max: 128, placeholder: targetLabel('newSecretHint') },
      { name: 'events', label: targetLabel('events'), kind: 'multiSelect', options: PUSH_EVENT_OPTIONS, required: true },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    ],
    defaults: { state: 'ENABLED', events: [...PUSH_EVENTS] },
    toValues: (row) => ({ name: row.name, url: row.url, events: row.events, state: row.state, secret: '' }),
    toPayload: (values, row) => (row ? { ...values, id: row.id, version: row.version } : values),
  },
  remove: { path: 'pushTarget/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.deliveries === 0 },
};

/** The supervision sync log (renshePushLog): one row per day's batch; a failed one is sent again. */
export const renshePushSpec: ResourceSpec<RenshePushRow> = {
  key: 'renshePush',
  rowKey: (row) => row.id,
  list: 'renshePushLog/list',
  search: [
    { name: 'status', label: renshe('statusName'), kind: 'select', options: BATCH_STATUS_OPTIONS },
    { name: 'date', label: renshe('day'), kind: 'dateRange' },
  ],
  columns: [
    { key: 'day', title: renshe('day'), kind: 'date', width: 120 },
    { key: 'count', title: renshe('count'), width: 90 },
    { key: 'succeeded', title: renshe('succeeded'), width: 90 },
    { key: 'failed', title: renshe('failed'), width: 90 },
    { key: 'status', title: renshe('statusName'), kind: 'tag', options: BATCH_STATUS_OPTIONS, width: 100 },
    {
      key: 'answer', title: renshe('answer'), width: 260,
      flag: (row) => (row.simulated ? { value: 'simulated', label: renshe('simulated'), color: 'gold' } : null),
    },
    { key: 'lastError', title: renshe('lastError'), kind: 'enum', options: PUSH_ERROR_OPTIONS, width: 130, hidden: true },
    { key: 'attempts', title: renshe('attempts'), width: 80, hidden: true },
    { key: 'runs', title: renshe('runs'), width: 80, hidden: true },
    { key: 'updateTime', title: renshe('updateTime'), kind: 'datetime', width: 170 },
  ],
  actions: [
    {
      key: 'rerun', label: renshe('rerun'), when: (row) => row.status === 'FAILED' || (row.status === 'SUCCEEDED' && row.failed > 0),
      confirm: { question: renshe('confirmRerun'), path: 'renshePushLog/rerun', body: (row) => ({ id: row.id, version: row.version }), done: renshe('rerunDone') },
    },
  ],
};
