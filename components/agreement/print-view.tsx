'use client';

import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { createPortal } from 'react-dom';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { AgreementPaper } from './agreement-paper';
import '@/styles/antd/result.generated.css';

/** The print view: the filled agreement as an A4 sheet, which the browser prints (or saves as PDF) alone. */
export function PrintView({ id, applicationId }: { id: number; applicationId: number }) {
  const t = useTranslations('resources.agreement');
  const router = useRouter();
  const { data, error } = useSWR(['businessModelAgreement/preview', id, applicationId], () => api('businessModelAgreement/preview', { id, applicationId }));
  return (
    <div style={{ background: '#f0f0f0', padding: 16, minHeight: '100%' }}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => router.push('/admin/setting/agree')}>{t('back')}</Button>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!data} onClick={() => window.print()}>{t('printNow')}</Button>
      </Space>
      {error && <Result status="warning" title={t('noApplication')} />}
      {!data && !error && <Spin />}
      {data && <AgreementPaper preview={data} footer={t('versionOf', { version: data.version, number: data.applicationNumber })} />}
      {/* The copy the browser prints: straight under <body>, so nothing of the shell comes along. */}
      {data && createPortal(
        <div data-print-copy><AgreementPaper preview={data} footer={t('versionOf', { version: data.version, number: data.applicationNumber })} /></div>,
        document.body,
      )}
    </div>
  );
}
