'use client';

import { Grid, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import type { Constraint, FieldRow } from './doc-model';
import { EmptyState } from '@/components/common/empty-state';

function ConstraintText({ constraint }: { constraint: Constraint }) {
  const t = useTranslations('apiDocs.constraint');
  switch (constraint.kind) {
    case 'recursive': case 'numberAsText': return <>{t(constraint.kind)}</>;
    case 'description': return <>{constraint.value}</>;
    case 'enum': return <>{t('enum')} {constraint.value.map((v) => <Typography.Text code key={v}>{v}</Typography.Text>)}</>;
    case 'pattern': case 'format': case 'default': case 'const':
      return <>{t(constraint.kind)} <Typography.Text code>{constraint.value}</Typography.Text></>;
    default: return <>{t(constraint.kind, { value: constraint.value })}</>;
  }
}

const Constraints = ({ constraints }: { constraints: Constraint[] }) => (
  <ul style={{ margin: 0, paddingInlineStart: constraints.length > 1 ? 16 : 0, listStyle: constraints.length > 1 ? undefined : 'none' }}>
    {constraints.map((c) => <li key={JSON.stringify(c)}><ConstraintText constraint={c} /></li>)}
  </ul>
);

/**
 * A schema's fields as a table (nested objects expand as child rows): name, type, required
 * and constraints; on a phone, two columns (the field with its type, and the constraints).
 */
export function FieldTable({ rows, label }: { rows: FieldRow[]; label: string }) {
  const t = useTranslations('apiDocs.fields');
  const narrow = Grid.useBreakpoint().md === false;
  const name = (row: FieldRow) => <Typography.Text code>{row.name}</Typography.Text>;
  const type = (row: FieldRow) => <Typography.Text type="secondary">{row.type}</Typography.Text>;
  const required = (row: FieldRow) => (row.required ? t('yes') : t('no'));
  const constraints = { title: t('constraints'), key: 'constraints', render: (_: unknown, row: FieldRow) => <Constraints constraints={row.constraints} /> };
  const columns: TableColumnsType<FieldRow> = narrow ? [
    {
      title: t('name'), key: 'name', width: 150,
      render: (_, row) => <>{name(row)}<div>{type(row)}</div><div>{t('required')}: {required(row)}</div></>,
    },
    constraints,
  ] : [
    { title: t('name'), key: 'name', width: 200, render: (_, row) => name(row) },
    { title: t('type'), key: 'type', width: 180, render: (_, row) => type(row) },
    { title: t('required'), key: 'required', width: 72, render: (_, row) => required(row) },
    constraints,
  ];
  return (
    <section aria-label={label}>
      <Table<FieldRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false}
        scroll={narrow ? undefined : { x: 680 }} locale={{ emptyText: <EmptyState description={t('none')} /> }} />
    </section>
  );
}
