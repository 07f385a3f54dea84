import type { IndicatorRow } from '../contract/indicators';
import { EFFECTS, INDICATOR_SOURCES, METRIC_NAMES, OPERATORS } from '../workflow/indicators';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import { BORROWER_TYPE_OPTIONS } from './workbench';
import './rules/indicators.generated';

const label = (key: string) => `resources.indicator.${key}`;
const options = (values: readonly string[], prefix: string, colors: Record<string, string> = {}): Option[] =>
  values.map((v) => ({ value: v, label: label(`${prefix}.${v}`), ...(colors[v] ? { color: colors[v] } : {}) }));

const SOURCE_OPTIONS = options(INDICATOR_SOURCES, 'source');
const EFFECT_OPTIONS = options(EFFECTS, 'effect', { HARD: 'red', SOFT: 'orange' });
const METRIC_OPTIONS = options(METRIC_NAMES, 'metric');
const OPERATOR_OPTIONS = options(OPERATORS, 'operator');
const CHANGE_OPTIONS = options(['SAME', 'NEW', 'CHANGED', 'REMOVED'], 'change', { NEW: 'green', CHANGED: 'gold', REMOVED: 'red' });

interface ReasonPage { list: { id: number; content: string; state: string }[] }

/** The working indicators (business/index): edits make a draft, compared with the version in force; the issue bar publishes it. */
export const indicatorSpec: ResourceSpec<IndicatorRow> = {
  key: 'indicator',
  rowKey: (row) => row.id,
  list: 'business/index/list',
  search: [
    { name: 'name', label: label('name'), kind: 'text' },
    { name: 'source', label: label('sourceTitle'), kind: 'select', options: SOURCE_OPTIONS },
    { name: 'borrowerType', label: label('borrowerTypes'), kind: 'select', options: BORROWER_TYPE_OPTIONS },
  ],
  columns: [
    { key: 'code', title: label('code') },
    { key: 'nameZh', title: label('nameZh'), language: 'zh-CN' },
    { key: 'nameEn', title: label('nameEn'), language: 'en' },
    { key: 'source', title: label('sourceTitle'), kind: 'enum', options: SOURCE_OPTIONS, hidden: true },
    { key: 'metric', title: label('metricTitle'), kind: 'enum', options: METRIC_OPTIONS },
    { key: 'operator', title: label('operatorTitle'), kind: 'enum', options: OPERATOR_OPTIONS },
    { key: 'min', title: label('min'), width: 90 },
    { key: 'max', title: label('max'), width: 90 },
    { key: 'borrowerTypes', title: label('borrowerTypes'), kind: 'enum', options: BORROWER_TYPE_OPTIONS, hidden: true },
    { key: 'effect', title: label('effectTitle'), kind: 'enum', options: EFFECT_OPTIONS },
    { key: 'refuseReason', title: label('refuseReason'), ellipsis: true, hidden: true },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'change', title: label('changeTitle'), kind: 'enum', options: CHANGE_OPTIONS, hidden: true },
    { key: 'changedFields', title: label('changedFields'), hidden: true },
  ],
  form: {
    save: 'business/index/edit',
    update: 'business/index/edit',
    create: label('add'),
    edit: label('edit'),
    fields: [
      { name: 'code', label: label('code'), kind: 'text', required: true, max: 32 },
      { name: 'nameZh', label: label('nameZh'), kind: 'text', required: true, max: 64 },
      { name: 'nameEn', label: label('nameEn'), kind: 'text', required: true, max: 128 },
      { name: 'metric', label: label('metricTitle'), kind: 'select', options: METRIC_OPTIONS, required: true },
      { name: 'operator', label: label('operatorTitle'), kind: 'select', options: OPERATOR_OPTIONS, required: true },
      { name: 'min', label: label('min'), kind: 'number', bounds: { min: -1e9, max: 1e9, precision: 2 } },
      { name: 'max', label: label('max'), kind: 'number', bounds: { min: -1e9, max: 1e9, precision: 2 } },
      { name: 'borrowerTypes', label: label('borrowerTypes'), kind: 'multiSelect', options: BORROWER_TYPE_OPTIONS, required: true },
      { name: 'effect', label: label('effectTitle'), kind: 'select', options: EFFECT_OPTIONS, required: true },
      {
        name: 'refuseReasonId', label: label('refuseReason'), kind: 'select', numeric: true,
        source: {
          path: 'indicatorRefuseConfig/list', body: { pageNum: 1, pageSize: 30, state: 'ENABLED' },
          toOptions: (data) => (data as ReasonPage).list.map((r) => ({ value: r.id, label: r.content })),
        },
      },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS, required: true },
      { name: 'sort', label: 'resources.common.sort', kind: 'number', bounds: { min: 0, max: 1_000_000, precision: 0 } },
    ],
    defaults: { state: 'ENABLED', sort: 0, borrowerTypes: ['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY'], effect: 'SOFT' },
    toValues: (row) => ({
      code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, metric: row.metric, operator: row.operator, min: row.min ?? undefined, max: row.max ?? undefined,
      borrowerTypes: row.borrowerTypes, effect: row.effect, refuseReasonId: row.refuseReasonId ?? undefined, state: row.state, sort: row.sort,
    }),
    toPayload: (values, row) => ({ ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
  },
};
