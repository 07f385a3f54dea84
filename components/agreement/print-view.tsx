'use client';

import { Result } from 'antd';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { api } from '@/lib/api/client';
import { PrintFrame } from '@/components/common/print-frame';
import { AgreementPaper } from './agreement-paper';
import '@/styles/antd/result.generated.css';

/** The print view: the filled agreement as an A4 sheet, which the browser prints (or saves as PDF) alone. */
export function PrintView({ id, applicationId }: { id: number; applicationId: number }) {
  const t = useTranslations('resources.agreement');
  const { data, error } = useSWR(['businessModelAgreement/preview', id, applicationId], () => api('businessModelAgreement/preview', { id, applicationId }));
  return (
    <PrintFrame back="/admin/setting/agree" backLabel={t('back')} printLabel={t('printNow')}
      sheet={data && <AgreementPaper preview={data} footer={t('versionOf', { version: data.version, number: data.applicationNumber })} />}
      failed={error && <Result status="warning" title={t('noApplication')} />} />
  );
}
