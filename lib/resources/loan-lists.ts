import type { OrgDropdownItem } from '../contract/organiza';
import type { PublishedRow, SpouseRow } from '../contract/loan-lists';
import type { ResourceSpec } from './types';
import { DETAIL_ACTION, STATUS_CELL_OPTIONS, STATUS_OPTIONS, STATUS_TAG_SOURCE } from './workbench';
import { statusValue } from '../workflow/status-dictionary';
import './rules/loan-lists.generated';

/**
 * The lists beside the loan query: the proposers' spouses (/admin/home/spouse) and the
 * published information of approved and loaned cases (/loan/publish). Both open the
 * application's detail drawer, read-only.
 */
const SPOUSE_LIST = 'business-proposer-mate/list';
const PUBLISH_LIST = 'businessIssueInfo/list';

const spouse = (key: string) => `resources.spouse.${key}`;
const GENDER_OPTIONS = (['MALE', 'FEMALE'] as const).map((g) => ({ value: g, label: `approval.gender.${g}` }));

export const spouseSpec: ResourceSpec<SpouseRow> = {
  key: 'spouse',
  rowKey: (row) => row.id,
  list: SPOUSE_LIST,
  search: [
    { name: 'name', label: spouse('name'), kind: 'text' },
    { name: 'idNumber', label: spouse('idNumber'), kind: 'text' },
    { name: 'number', label: spouse('number'), kind: 'text' },
  ],
  columns: [
    { key: 'name', title: spouse('name') },
    { key: 'gender', title: spouse('gender'), kind: 'enum', options: GENDER_OPTIONS, hidden: true },
    { key: 'idNumber', title: spouse('idNumber'), kind: 'masked' },
    { key: 'mobile', title: spouse('mobile'), kind: 'masked' },
    { key: 'workUnit', title: spouse('workUnit'), ellipsis: true, hidden: true },
    { key: 'proposer', title: spouse('proposer') },
    { key: 'number', title: spouse('number'), width: 150 },
    { key: 'status', title: spouse('status'), kind: 'tag', options: STATUS_CELL_OPTIONS, source: STATUS_TAG_SOURCE, value: statusValue },
    { key: 'createTime', title: spouse('createTime'), kind: 'datetime', hidden: true },
  ],
  actions: [DETAIL_ACTION],
};

const publish = (key: string) => `resources.publish.${key}`;
const PUBLISHED_OPTIONS = STATUS_OPTIONS.filter((o) => o.value === 'APPROVED' || o.value === 'LOANED');

/** The notices; `readsCases`: the user may open an application's details (holds a page of the workflow). */
export function publishSpec(readsCases: boolean): ResourceSpec<PublishedRow> {
  return {
    key: 'publish',
    rowKey: (row) => row.id,
    list: PUBLISH_LIST,
    search: [
      { name: 'number', label: publish('number'), kind: 'text' },
      { name: 'name', label: publish('name'), kind: 'text' },
      {
        name: 'bankOrgId', label: publish('bankOrg'), kind: 'select', numeric: true,
        source: { path: 'systemOrganiza/getInstitutionDropdown', body: { type: 'BANK' }, toOptions: (data) => (data as OrgDropdownItem[]).map((o) => ({ value: o.id, label: o.name })) },
      },
      { name: 'status', label: publish('status'), kind: 'select', options: PUBLISHED_OPTIONS },
      { name: 'date', label: publish('date'), kind: 'dateRange' },
    ],
    columns: [
      { key: 'number', title: publish('number') },
      { key: 'name', title: publish('name') },
      { key: 'amount', title: publish('amount'), kind: 'money' },
      { key: 'bankOrg', title: publish('bankOrg'), ellipsis: true },
      { key: 'status', title: publish('status'), kind: 'tag', options: PUBLISHED_OPTIONS },
      { key: 'publishedAt', title: publish('date'), kind: 'date' },
    ],
    actions: readsCases ? [DETAIL_ACTION] : [],
  };
}

