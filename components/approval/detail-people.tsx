'use client';

import { Descriptions, Table, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import type { GuarantorInfo, PersonInfo } from '@/lib/contract/workflow';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/descriptions.generated.css';

function usePersonColumns<P extends PersonInfo>(shares: boolean, keyGroup = false): TableColumnsType<P> {
  const t = useTranslations('approval');
  return [
    { key: 'name', dataIndex: 'name', title: t('detail.name') },
    { key: 'gender', title: t('detail.gender'), render: (_, p) => t(`gender.${p.gender}`) },
    { key: 'idNumber', dataIndex: 'idNumber', title: t('detail.idNumber') },
    { key: 'mobile', dataIndex: 'mobile', title: t('detail.mobile') },
    { key: 'workUnit', dataIndex: 'workUnit', title: t('detail.workUnit'), render: (v: string) => v || '—' },
    ...(shares ? [{ key: 'shareRatio', title: t('detail.shareRatio'), render: (_: unknown, p: P) => (p.shareRatio === null ? '—' : `${p.shareRatio}%`) }] : []),
    ...(keyGroup ? [{ key: 'keyGroup', title: t('detail.keyGroup'), render: (_: unknown, p: P) => t(p.keyGroup ? 'detail.yes' : 'detail.no') }] : []),
  ];
}

function PersonDescriptions({ person }: { person: PersonInfo }) {
  const t = useTranslations('approval');
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
      { key: 'name', label: t('detail.name'), children: person.name },
      { key: 'gender', label: t('detail.gender'), children: t(`gender.${person.gender}`) },
      { key: 'idNumber', label: t('detail.idNumber'), children: person.idNumber },
      { key: 'mobile', label: t('detail.mobile'), children: person.mobile },
      { key: 'workUnit', label: t('detail.workUnit'), children: person.workUnit || '—', span: 2 },
    ]} />
  );
}

/** A guarantor's spouse in full, read when the row is opened (businessBondsmanPeople/mate). */
function GuarantorSpouse({ guarantorId }: { guarantorId: number }) {
  const { data, isLoading } = useCall('businessBondsmanPeople/mate', { id: guarantorId });
  return (
    <Section data={data} loading={isLoading} empty={(p) => p === null}>
      {(p) => <PersonDescriptions person={p!} />}
    </Section>
  );
}

/** Everyone on the application besides the proposer: spouse, partners, employees, guarantors and their spouses. */
export function DetailPeople({ id }: { id: number }) {
  const t = useTranslations('approval');
  const spouse = useCall('business-proposer-mate/getInfo', { id });
  const partners = useCall('businessProposerInfo/getPartnerInfo', { id });
  const employees = useCall('businessProposerInfo/getEmployee', { id });
  const guarantors = useCall('businessBondsmanPeople/getList', { id });
  const shareColumns = usePersonColumns<PersonInfo>(true);
  const employeeColumns = usePersonColumns<PersonInfo>(false, true);
  const guarantorColumns = usePersonColumns<GuarantorInfo>(false);
  const table = <P extends PersonInfo>(rows: P[], columns: TableColumnsType<P>) => (
    <Table<P> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
  );
  return (
    <>
      <Section title={t('detail.spouse')} data={spouse.data === undefined ? undefined : spouse.data} loading={spouse.isLoading} empty={(p) => p === null}>
        {(p) => <PersonDescriptions person={p!} />}
      </Section>
      <Section title={t('detail.partners')} data={partners.data} loading={partners.isLoading} empty={(rows) => rows.length === 0}>
        {(rows) => table(rows, shareColumns)}
      </Section>
      <Section title={t('detail.employees')} data={employees.data} loading={employees.isLoading} empty={(rows) => rows.length === 0}>
        {(rows) => table(rows, employeeColumns)}
      </Section>
      <Section title={t('detail.guarantors')} data={guarantors.data} loading={guarantors.isLoading} empty={(rows) => rows.length === 0}>
        {(rows) => (
          <Table<GuarantorInfo> rowKey="id" size="small" dataSource={rows} pagination={false} scroll={{ x: 'max-content' }}
            columns={[...guarantorColumns, {
              key: 'spouse', title: t('detail.guarantorSpouse'),
              render: (_, g) => (g.spouse ? `${g.spouse.name} · ${g.spouse.mobile}` : t('detail.noSpouse')),
            }]}
            expandable={{ rowExpandable: (g) => g.spouse !== null, expandedRowRender: (g) => <GuarantorSpouse guarantorId={g.id} /> }} />
        )}
      </Section>
    </>
  );
}
