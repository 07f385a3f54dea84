import type { AgreementRow } from '../contract/agreement';
import { AGREEMENT_KINDS } from '../workflow/agreement';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import './rules/agreement.generated';

const AGREEMENT_KIND_OPTIONS: Option[] = AGREEMENT_KINDS.map((k) => ({ value: k, label: `resources.agreement.kinds.${k}` }));
const a = (key: string) => `resources.agreement.${key}`;

/** Agreement templates (businessModelAgreement): per product code and document; a row previews and prints. */
export const agreementSpec: ResourceSpec<AgreementRow> = {
  key: 'agreement',
  rowKey: (row) => row.id,
  list: 'businessModelAgreement/list',
  search: [
    { name: 'productCode', label: a('productCode'), kind: 'text' },
    { name: 'kind', label: a('kind'), kind: 'select', options: AGREEMENT_KIND_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { key: 'productCode', title: a('productCode'), sort: 'productCode' },
    { key: 'kind', title: a('kind'), kind: 'enum', options: AGREEMENT_KIND_OPTIONS },
    { key: 'title', title: a('docTitle') },
    { key: 'body', title: a('body'), ellipsis: true, hidden: true },
    { key: 'version', title: a('version'), width: 90 },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'signedCount', title: a('signedCount'), width: 110 },
    { key: 'updateTime', title: a('updateTime'), kind: 'datetime', sort: 'updateTime' },
  ],
  form: {
    save: 'businessModelAgreement/add',
    update: 'businessModelAgreement/update',
    create: a('add'),
    edit: a('edit'),
    fields: [
      { name: 'productCode', label: a('productCode'), kind: 'text', locked: true },
      { name: 'kind', label: a('kind'), kind: 'select', options: AGREEMENT_KIND_OPTIONS, locked: true, required: true },
      { name: 'title', label: a('docTitle'), kind: 'text' },
      { name: 'body', label: a('body'), kind: 'textarea', max: 20_000, placeholder: a('bodyHint') },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    ],
    defaults: { state: 'ENABLED' },
    toValues: (row) => ({ productCode: row.productCode, kind: row.kind, title: row.title, body: row.body, state: row.state }),
    toPayload: (values, row) => {
      const { productCode, kind, ...rest } = values;
      return row ? { ...rest, id: row.id, version: row.version } : { ...rest, productCode, kind };
    },
  },
  actions: [{ key: 'preview', label: a('preview'), dialog: 'preview' }],
  remove: { path: 'businessModelAgreement/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.signedCount === 0 },
};
