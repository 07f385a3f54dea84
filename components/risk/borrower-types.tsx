'use client';

import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Form, InputNumber, Modal, Table } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { ApiError, api, apiCall } from '@/lib/api/client';
import type { BorrowerTypeRow } from '@/lib/contract/risk';
import { useCallAllowed } from '@/components/access/permission';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

const yuan = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** The borrower types (typeOfBorrowerList) with their caps, longest term and (small companies) staffing limits, edited by an administrator. */
export function BorrowerTypes() {
  const t = useTranslations('resources.clientGroup');
  const locale = useLocale();
  const canEdit = useCallAllowed()('business-client-group/typeOfBorrowerUpdate');
  const { data, isLoading, mutate } = useSWR('business-client-group/typeOfBorrowerList', () => api('business-client-group/typeOfBorrowerList', {}));
  const [editing, setEditing] = useState<BorrowerTypeRow | null>(null);
  return (
    <Card title={t('typesTitle')} style={{ marginBottom: 16 }}>
      <Table<BorrowerTypeRow> rowKey="borrowerType" size="small" pagination={false} loading={isLoading} dataSource={data ?? []} scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: t('borrowerType'), render: (_, row) => (locale === 'en' ? row.nameEn : row.nameZh) },
          { key: 'cap', title: t('capAmount'), render: (_, row) => yuan.format(row.capAmount) },
          {
            key: 'total', title: t('totalCapAmount'),
            render: (_, row) => (row.totalCapAmount === null ? '—' : row.partnerUplift === null ? yuan.format(row.totalCapAmount)
              : t('totalWithUplift', { ceiling: yuan.format(row.totalCapAmount), uplift: row.partnerUplift })),
          },
          { key: 'term', title: t('maxTermMonths'), dataIndex: 'maxTermMonths' },
          {
            key: 'staffing', title: t('staffingRule'),
            render: (_, row) => (row.keyHireShare === null || row.keyHireLargeShare === null || row.keyHireStaffThreshold === null ? '—'
              : t('staffingRuleValue', { share: row.keyHireShare, largeShare: row.keyHireLargeShare, threshold: row.keyHireStaffThreshold })),
          },
          ...(canEdit ? [{
            key: 'edit', title: t('actions'),
            render: (_: unknown, row: BorrowerTypeRow) => (
              <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={`${t('editType')} ${locale === 'en' ? row.nameEn : row.nameZh}`}>{t('editType')}</Button>
            ),
          }] : []),
        ]} />
      {editing && <TypeDialog row={editing} close={() => setEditing(null)} refresh={() => mutate()} />}
    </Card>
  );
}

function TypeDialog({ row, close, refresh }: { row: BorrowerTypeRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.clientGroup');
  const tv = useTranslations('validation');
  const locale = useLocale();
  const { message } = useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();
  type Values = Pick<BorrowerTypeRow, 'capAmount' | 'totalCapAmount' | 'partnerUplift' | 'maxTermMonths' | 'keyHireShare' | 'keyHireLargeShare' | 'keyHireStaffThreshold'>;
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const { message: text } = await apiCall('business-client-group/typeOfBorrowerUpdate', {
        borrowerType: row.borrowerType, version: row.version, capAmount: values.capAmount, totalCapAmount: values.totalCapAmount ?? undefined, partnerUplift: values.partnerUplift ?? undefined, maxTermMonths: values.maxTermMonths,
        ...(staffing ? { keyHireShare: values.keyHireShare ?? undefined, keyHireLargeShare: values.keyHireLargeShare ?? undefined, keyHireStaffThreshold: values.keyHireStaffThreshold ?? undefined } : {}),
      });
      message.success(text);
      await refresh();
      close();
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
      if (error instanceof ApiError && error.code === 409) await refresh();
    } finally {
      setBusy(false);
    }
  };
  const required = [{ required: true, message: tv('fieldRequired') }];
  const staffing = row.borrowerType === 'SMALL_COMPANY';
  return (
    <Modal open title={`${t('editType')} · ${locale === 'en' ? row.nameEn : row.nameZh}`} onCancel={close} destroyOnHidden
      okButtonProps={{ loading: busy, htmlType: 'submit' }}
      modalRender={(node) => <Form form={form} layout="vertical" initialValues={row} onFinish={submit}>{node}</Form>}>
      <Form.Item name="capAmount" label={t('capAmount')} rules={required}><InputNumber min={1} precision={2} style={{ width: '100%' }} /></Form.Item>
      {row.borrowerType === 'PARTNERSHIP' && (
        <>
          <Form.Item name="partnerUplift" label={t('partnerUplift')} extra={t('partnerUpliftHelp')}><InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="totalCapAmount" label={t('totalCapAmount')}><InputNumber min={1} precision={2} style={{ width: '100%' }} /></Form.Item>
        </>
      )}
      <Form.Item name="maxTermMonths" label={t('maxTermMonths')} rules={required}><InputNumber min={1} max={360} precision={0} style={{ width: '100%' }} /></Form.Item>
      {staffing && (
        <>
          <Form.Item name="keyHireShare" label={t('keyHireShare')} rules={required} extra={t('keyHireHelp')}><InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="keyHireLargeShare" label={t('keyHireLargeShare')} rules={required}><InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="keyHireStaffThreshold" label={t('keyHireStaffThreshold')} rules={required}><InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} /></Form.Item>
        </>
      )}
    </Modal>
  );
}
