import type { GuaranteeRow } from '../contract/guarantee';
import type { ProductChoices, ProductRow } from '../contract/product';
import { REPAYMENT_METHODS } from '../workflow/plan';
import { PRODUCT_TERMS } from '../workflow/product';
import { STATE_OPTIONS } from './options';
import type { Option, ResourceSpec } from './types';
import { BORROWER_TYPE_OPTIONS, GUARANTEE_METHOD_OPTIONS } from './workbench';
import './rules/products.generated';

const g = (key: string) => `resources.guarantee.${key}`;
const p = (key: string) => `resources.product.${key}`;
/** The documents the seeded methods ask for, by code; a code an administrator adds shows as typed. */
const DOC_OPTIONS: Option[] = ['PROPERTY_CERT', 'VALUATION_REPORT', 'GUARANTOR_ID', 'GUARANTOR_INCOME', 'CREDIT_REPORT']
  .map((code) => ({ value: code, label: g(`doc.${code}`) }));
const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const REPAYMENT_OPTIONS: Option[] = REPAYMENT_METHODS.map((m) => ({ value: m, label: `approval.repaymentMethod.${m}` }));
const TERM_OPTIONS: Option[] = PRODUCT_TERMS.map((n) => ({ value: String(n), label: p(`term${n}`) }));

/** Guarantee methods (businessGuaranteeConfig): the three fixed methods, edited or disabled. */
export const guaranteeSpec: ResourceSpec<GuaranteeRow> = {
  key: 'guarantee',
  rowKey: (row) => row.code,
  list: 'businessGuaranteeConfig/list',
  search: [{ name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS }],
  columns: [
    { key: 'code', title: g('code'), kind: 'enum', options: GUARANTEE_METHOD_OPTIONS },
    { key: 'nameZh', title: g('nameZh'), language: 'zh-CN' },
    { key: 'nameEn', title: g('nameEn'), language: 'en' },
    { key: 'maxAmount', title: g('maxAmount'), kind: 'money' },
    { key: 'requiredDocs', title: g('requiredDocs'), kind: 'tag', options: DOC_OPTIONS, width: 230 },
    { key: 'guarantorCount', title: g('guarantorCount'), width: 100 },
    { key: 'allowWhitelisted', title: g('allowWhitelisted'), kind: 'boolean', hidden: true },
    { key: 'allowExemptGroups', title: g('allowExemptGroups'), kind: 'boolean', hidden: true },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'usedCount', title: g('usedCount'), width: 100 },
    { key: 'updateTime', title: g('updateTime'), kind: 'datetime', hidden: true },
  ],
  form: {
    save: 'businessGuaranteeConfig/update',
    editOnly: true,
    create: g('edit'),
    edit: g('edit'),
    fields: [
      { name: 'nameZh', label: g('nameZh'), kind: 'text' },
      { name: 'nameEn', label: g('nameEn'), kind: 'text' },
      { name: 'maxAmount', label: g('maxAmount'), kind: 'number', bounds: { min: 0, precision: 2 } },
      { name: 'requiredDocs', label: g('requiredDocs'), kind: 'tags', max: 32, maxTags: 20, options: DOC_OPTIONS },
      { name: 'guarantorCount', label: g('guarantorCount'), kind: 'number', bounds: { min: 1, max: 5, precision: 0 } },
      { name: 'allowWhitelisted', label: g('allowWhitelisted'), kind: 'switch' },
      { name: 'allowExemptGroups', label: g('allowExemptGroups'), kind: 'switch' },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
      { name: 'sort', label: 'resources.common.sort', kind: 'number', bounds: { min: 0, precision: 0 } },
    ],
    toValues: (row) => ({ ...row }),
    toPayload: (values, row) => ({
      ...values, code: row!.code, version: row!.version, requiredDocs: values.requiredDocs ?? [],
      allowWhitelisted: Boolean(values.allowWhitelisted), allowExemptGroups: Boolean(values.allowExemptGroups),
      guarantorCount: row!.code === 'GUARANTOR' ? values.guarantorCount : undefined,
    }),
  },
};

const CHOICES = { path: 'businessSchemaConfig/choices' as const };

/** Loan products (businessSchemaConfig): an edit adds a revision; `history` lists every revision. */
export const productSpec: ResourceSpec<ProductRow> = {
  key: 'product',
  rowKey: (row) => row.id,
  list: 'businessSchemaConfig/list',
  search: [
    { name: 'name', label: p('name'), kind: 'text' },
    { name: 'borrowerType', label: p('borrowerType'), kind: 'select', options: BORROWER_TYPE_OPTIONS },
    { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
    { name: 'history', label: p('history'), kind: 'switch' },
  ],
  columns: [
    { key: 'code', title: p('code'), sort: 'code', width: 110 },
    { key: 'revision', title: p('revision'), width: 150, flag: (row) => (row.current ? { value: 'current', label: p('current'), color: 'blue' } : null) },
    { key: 'nameZh', title: p('nameZh'), language: 'zh-CN' },
    { key: 'nameEn', title: p('nameEn'), language: 'en' },
    { key: 'borrowerType', title: p('borrowerType'), kind: 'enum', options: BORROWER_TYPE_OPTIONS },
    { key: 'amount', title: p('amountRange'), value: (row) => `${row.amountMin.toLocaleString('en-US')} – ${row.amountMax.toLocaleString('en-US')}` },
    { key: 'terms', title: p('terms'), value: (row) => row.terms.join(' / '), hidden: true },
    { key: 'rateMax', title: p('rateMax'), value: (row) => `${percent(row.rateMax)}%`, width: 110 },
    { key: 'subsidyShare', title: p('subsidyShare'), value: (row) => `${percent(row.subsidyShare)}%`, hidden: true },
    { key: 'guaranteeMethods', title: p('guaranteeMethods'), kind: 'enum', options: GUARANTEE_METHOD_OPTIONS, hidden: true },
    { key: 'state', title: 'resources.common.state', kind: 'enum', options: STATE_OPTIONS },
    { key: 'usedCount', title: p('usedCount'), width: 100, hidden: true },
    { key: 'updateTime', title: p('updateTime'), kind: 'datetime', sort: 'updateTime', hidden: true },
  ],
  form: {
    save: 'businessSchemaConfig/add',
    update: 'businessSchemaConfig/update',
    create: p('add'),
    edit: p('edit'),
    editable: (row) => row.current,
    fields: [
      { name: 'code', label: p('code'), kind: 'text', locked: true, placeholder: p('codeHint') },
      { name: 'nameZh', label: p('nameZh'), kind: 'text' },
      { name: 'nameEn', label: p('nameEn'), kind: 'text' },
      { name: 'borrowerType', label: p('borrowerType'), kind: 'select', options: BORROWER_TYPE_OPTIONS, locked: true, required: true },
      {
        name: 'clientGroupIds', label: p('clientGroups'), kind: 'multiSelect', numeric: true, placeholder: p('clientGroupsHint'),
        source: { ...CHOICES, toOptions: (data) => (data as ProductChoices).clientGroups.map((c) => ({ value: c.id, label: `${c.nameZh} ${c.nameEn}` })) },
      },
      { name: 'amountMin', label: p('amountMin'), kind: 'number', bounds: { min: 0, precision: 2 } },
      { name: 'amountMax', label: p('amountMax'), kind: 'number', bounds: { min: 0, precision: 2 } },
      { name: 'terms', label: p('terms'), kind: 'multiSelect', options: TERM_OPTIONS },
      { name: 'rateMarginBp', label: p('rateMarginBp'), kind: 'number', bounds: { min: -1000, max: 1000, precision: 0 } },
      { name: 'rateCapPercent', label: p('rateCap'), kind: 'number', bounds: { min: 0, max: 24, precision: 2 } },
      { name: 'subsidyPercent', label: p('subsidyShare'), kind: 'number', bounds: { min: 0, max: 100, precision: 2 } },
      { name: 'repaymentMethods', label: p('repaymentMethods'), kind: 'multiSelect', options: REPAYMENT_OPTIONS },
      { name: 'guaranteeMethods', label: p('guaranteeMethods'), kind: 'multiSelect', options: GUARANTEE_METHOD_OPTIONS },
      {
        name: 'moduleId', label: p('flow'), kind: 'select', numeric: true, placeholder: p('flowHint'),
        source: { ...CHOICES, toOptions: (data) => (data as ProductChoices).flows.map((f) => ({ value: f.id, label: f.name })) },
      },
      { name: 'state', label: 'resources.common.state', kind: 'select', options: STATE_OPTIONS },
      { name: 'sort', label: 'resources.common.sort', kind: 'number', bounds: { min: 0, precision: 0 } },
    ],
    defaults: {
      borrowerType: 'PERSON', terms: ['12', '24', '36'], rateMarginBp: 150, rateCapPercent: 4.35, subsidyPercent: 50, state: 'ENABLED', sort: 0,
      repaymentMethods: ['INTEREST_MONTHLY'], guaranteeMethods: ['HOUSE', 'GUARANTOR', 'CREDIT'],
    },
    toValues: (row) => ({
      ...row, terms: row.terms.map(String), rateCapPercent: percent(row.rateCap), subsidyPercent: percent(row.subsidyShare), moduleId: row.moduleId ?? undefined,
    }),
    toPayload: (values, row) => {
      const { rateCapPercent, subsidyPercent, code, terms, ...rest } = values;
      const body = {
        ...rest, terms: ((terms as string[] | undefined) ?? []).map(Number),
        rateCap: Number(rateCapPercent ?? 0) / 100, subsidyShare: Number(subsidyPercent ?? 0) / 100, clientGroupIds: rest.clientGroupIds ?? [],
      };
      return row ? { ...body, id: row.id, version: row.version } : { ...body, code };
    },
  },
  remove: { path: 'businessSchemaConfig/del', body: (row) => ({ id: row.id, version: row.version }), when: (row) => row.current && row.usedCount === 0 },
};
