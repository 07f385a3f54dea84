'use client';

import { Descriptions, Space, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ApplicationDetail } from '@/lib/contract/workflow';
import { statusColor } from '@/lib/resources/workbench';
import { formatDate, formatMoney, formatTime } from './format';
import { RevealText } from './reveal-text';
import '@/styles/antd/descriptions.generated.css';

/** The application's loan terms, where it stands, and its proposer. */
export function DetailBasic({ detail }: { detail: ApplicationDetail }) {
  const t = useTranslations('approval');
  const item = (key: string, children: ReactNode, span?: number) => ({ key, label: t(`detail.${key}`), children: children ?? '—', span });
  const status = (
    <Space size={4} wrap>
      <Tag color={statusColor(detail.status)}>{t(`status.${detail.status}`)}</Tag>
      {(detail.status === 'IN_REVIEW' || detail.status === 'RETURNED') && detail.stage && <Tag>{t(`stage.${detail.stage}`)}</Tag>}
    </Space>
  );
  const { awaited } = detail;
  const deadline = (
    <>
      {formatTime(detail.deadline)}
      {detail.overdue && <Tag color="red" style={{ marginInlineStart: 8 }}>{t('overdue')}</Tag>}
    </>
  );
  return (
    <>
      <Descriptions title={t('detail.loan')} size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }} items={[
        item('number', detail.number),
        item('module', detail.moduleName),
        item('borrowerType', t(`borrowerType.${detail.borrowerType}`)),
        item('amount', formatMoney(detail.amount)),
        item('term', t('detail.months', { count: detail.termMonths })),
        item('rate', `${(detail.rate * 100).toFixed(2)}%`),
        item('repaymentMethod', t(`repaymentMethod.${detail.repaymentMethod}`)),
        item('guaranteeMethod', t(`guaranteeMethod.${detail.guaranteeMethod}`)),
        item('guaranteeOrg', detail.guaranteeOrg),
        item('guaranteeQuota', formatMoney(detail.guaranteeQuota)),
        item('bankOrg', detail.bankOrg),
        item('rensheOrg', detail.rensheOrg),
        item('status', status),
        item('assignee', detail.assignee?.nickname),
        item('deadline', deadline),
        item('whitelisted', t(detail.whitelisted ? 'detail.yes' : 'detail.no')),
        item('loanAmount', formatMoney(detail.loanAmount)),
        item('loanDate', formatDate(detail.loanDate)),
        item('resignCount', detail.resignCount),
        item('signedAgreements', detail.signedAgreements.length
          ? detail.signedAgreements.map((a) => t('detail.agreementVersion', { title: a.title, version: a.version })).join('；') : null, 2),
        item('createTime', formatTime(detail.createTime)),
        ...(detail.refuseReason ? [item('refuseReason', detail.refuseReason, 2)] : []),
        ...(detail.proofs.length ? [item('proofDocuments', (
          <Space size={4} wrap>
            {detail.proofs.map((proof) => (
              <Tag key={proof.kind} color={proof.uploaded ? 'green' : 'orange'}>
                {t(proof.uploaded ? 'detail.proofUploaded' : 'detail.proofMissing', { document: t(`fileKind.${proof.kind}`) })}
              </Tag>
            ))}
          </Space>
        ), 2)] : []),
        ...(awaited ? [
          item('awaitedDocuments', awaited.documents.map((kind) => t(`fileKind.${kind}`)).join('、'), 2),
          item('returnNote', awaited.note, 2),
          item('supplementDue', formatDate(awaited.due)),
        ] : []),
      ]} />
      <Descriptions title={t('detail.proposer')} size="small" bordered column={{ xs: 1, md: 2 }} items={[
        item('name', detail.name),
        item('gender', t(`gender.${detail.gender}`)),
        item('idNumber', <RevealText id={detail.id} field="idNumber" masked={detail.idNumber} canReveal={detail.can.reveal} />),
        item('mobile', <RevealText id={detail.id} field="mobile" masked={detail.mobile} canReveal={detail.can.reveal} />),
        item('householdRegister', detail.householdRegister),
        item('employmentCategory', detail.employmentCategory),
        item('address', detail.address, 2),
        item('businessName', detail.businessName),
        item('businessScope', detail.businessScope),
      ]} />
    </>
  );
}
