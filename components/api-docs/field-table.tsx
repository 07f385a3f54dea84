'use client';

import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import type { Constraint, FieldRow } from './doc-model';

function ConstraintText({ constraint }: { constraint: Constraint }) {
  const t = useTranslations('apiDocs.constraint');
  switch (constraint.kind) {
    case 'recursive': return <>{t('recursive')}</>;
    case 'description': return <>{constraint.value}</>;
    case 'enum': return <>{t('enum')} {constraint.value.map((v) => <Typography.Text code key={v}>{v}</Typography.Text>)}</>;
    case 'pattern': case 'format': case 'default': case 'const':
      return <>{t(constraint.kind)} <Typography.Text code>{constraint.value}</Typography.Text></>;
    default: return <>{t(constraint.kind, { value: constraint.value })}</>;
  }
}

/** A schema's fields as a table (nested objects expand as child rows): name, type, required and constraints. */
export function FieldTable({ rows, label }: { rows: FieldRow[]; label: string }) {
  const t = useTranslations('apiDocs.fields');
  const columns: TableColumnsType<FieldRow> = [
    { title: t('name'), dataIndex: 'name', width: 220, render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: t('type'), dataIndex: 'type', width: 200, render: (type: string) => <Typography.Text type="secondary">{type}</Typography.Text> },
    { title: t('required'), dataIndex: 'required', width: 80, render: (required: boolean) => (required ? t('yes') : t('no')) },
    {
      title: t('constraints'), dataIndex: 'constraints',
      render: (constraints: Constraint[]) => (
        <ul style={{ margin: 0, paddingInlineStart: constraints.length > 1 ? 16 : 0, listStyle: constraints.length > 1 ? undefined : 'none' }}>
          {constraints.map((c) => <li key={JSON.stringify(c)}><ConstraintText constraint={c} /></li>)}
        </ul>
      ),
    },
  ];
  return (
    <div role="region" aria-label={label}>
      <Table<FieldRow> rowKey="key" size="small" columns={columns} dataSource={rows}
        pagination={false} scroll={{ x: 720 }} locale={{ emptyText: t('none') }} />
    </div>
  );
}
