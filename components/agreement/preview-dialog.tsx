'use client';

import { PrinterOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import type { AgreementRow } from '@/lib/contract/agreement';
import { AgreementPaper } from './agreement-paper';
import { ApplicationPicker } from './application-picker';
import { EmptyState } from '@/components/common/empty-state';

const printHref = (id: number, applicationId: number) => `/admin/setting/agree?view=print&id=${id}&applicationId=${applicationId}`;

/** A template filled from a chosen application, with the way to its print view. */
export function PreviewDialog({ row, close }: { row: AgreementRow; close: () => void }) {
  const t = useTranslations('resources.agreement');
  const router = useRouter();
  const [applicationId, setApplicationId] = useState<number | undefined>();
  const { data, isLoading } = useSWR(applicationId ? ['businessModelAgreement/preview', row.id, applicationId] : null,
    () => api('businessModelAgreement/preview', { id: row.id, applicationId: applicationId! }));
  return (
    <Modal open width={900} title={`${t('preview')} · ${row.title}`} onCancel={close} destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>{t('back')}</Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!applicationId}
          onClick={() => applicationId && router.push(printHref(row.id, applicationId))}>{t('print')}</Button>,
      ]}>
      <Form layout="vertical">
        <Form.Item label={t('chooseApplication')}><ApplicationPicker value={applicationId} onChange={setApplicationId} /></Form.Item>
      </Form>
      {!applicationId && <EmptyState description={t('noApplication')} />}
      {applicationId && isLoading && <Spin />}
      {data && (
        <div style={{ background: '#f0f0f0', padding: 16, maxHeight: '60vh', overflow: 'auto' }}>
          <AgreementPaper preview={data} footer={t('versionOf', { version: data.version, number: data.applicationNumber })} />
        </div>
      )}
    </Modal>
  );
}
