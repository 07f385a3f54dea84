'use client';

import { Space, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useCall } from './use-call';

/**
 * Where the case stands now (businessApproveRecord/state), its status labelled and coloured
 * by the service's status dictionary (businessApproveRecord/approvalStatus), and the people of
 * its node with the cases waiting with each (businessClubFirstTrial/getAuditPersonAmount).
 */
export function CaseState({ id }: { id: number }) {
  const t = useTranslations('casework.state');
  const { data: state } = useCall('businessApproveRecord/state', { id });
  const { data: dictionary } = useCall('businessApproveRecord/approvalStatus', {});
  const { data: people } = useCall(state?.stage ? 'businessClubFirstTrial/getAuditPersonAmount' : null, { id });
  if (!state) return null;
  const entry = dictionary?.find((e) => e.value === state.value);
  return (
    <Space wrap size={[12, 4]} style={{ marginBottom: 12 }} aria-label={t('label')}>
      <Tag color={entry?.color}>{entry?.label ?? state.value}</Tag>
      {state.assignee && <Typography.Text type="secondary">{t('assignee', { name: state.assignee })}</Typography.Text>}
      {state.waitingDays !== null && <Typography.Text type={state.overdue ? 'danger' : 'secondary'}>{t('waiting', { days: state.waitingDays })}</Typography.Text>}
      <Typography.Text type="secondary">{t('records', { count: state.records })}</Typography.Text>
      {people && people.length > 0 && (
        <Typography.Text type="secondary">
          {t('nodePeople', { people: people.map((p) => t('nodePerson', { name: p.nickname, pending: p.pending, stage: p.stagePending })).join(t('listSeparator')) })}
        </Typography.Text>
      )}
    </Space>
  );
}
