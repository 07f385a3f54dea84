'use client';

import { Descriptions, Steps, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ProgressNode } from '@/lib/contract/workflow';
import { statusColor } from '@/lib/resources/workbench';
import { formatTime } from './format';
import { Section } from './section';
import { useCall } from './use-call';
import '@/styles/antd/descriptions.generated.css';
import '@/styles/antd/steps.generated.css';

const STEP_STATUS: Record<ProgressNode['state'], 'finish' | 'process' | 'wait'> = { done: 'finish', current: 'process', todo: 'wait', skipped: 'wait' };

/** Where the case stands: every node of its flow, who acted there and when, the current node and its deadline. */
export function DetailProgress({ id }: { id: number }) {
  const t = useTranslations('approval');
  const { data, isLoading } = useCall('businessClubFirstTrial/progressBar', { id }, 'GET');
  const line = (node: ProgressNode) => {
    if (node.state === 'done') return t('progress.done', { actor: node.actor ?? '—', time: formatTime(node.actedAt) });
    if (node.state === 'current') return t('progress.current', { assignee: node.assignee ?? '—', deadline: formatTime(node.deadline) });
    if (node.state === 'skipped') return t('progress.skipped');
    return t('progress.todo');
  };
  const current = data?.nodes.findIndex((node) => node.state === 'current') ?? -1;
  const stopped = data && ['REFUSED', 'WITHDRAWN', 'RETURNED'].includes(data.status);
  return (
    <>
      <Section title={t('detail.progress')} data={data} loading={isLoading} empty={(p) => p.nodes.length === 0}>
        {(progress) => (
          <>
            <Typography.Paragraph>
              {t('detail.status')}{t('detail.colon')}<Tag color={statusColor(progress.status)}>{t(`status.${progress.status}`)}</Tag>
            </Typography.Paragraph>
            <Steps orientation="vertical" size="small" current={current < 0 ? undefined : current} status={stopped ? 'error' : undefined}
              items={progress.nodes.map((node) => ({
                key: node.nodeId,
                title: t(`stage.${node.stage}`),
                subTitle: node.state === 'current' ? t('progress.here') : undefined,
                content: line(node),
                status: node.state === 'current' && stopped ? 'error' : STEP_STATUS[node.state],
                disabled: node.state === 'skipped',
              }))} />
          </>
        )}
      </Section>
      <LastResult id={id} />
    </>
  );
}

/** The last approval the case received. */
function LastResult({ id }: { id: number }) {
  const t = useTranslations('approval');
  const { data, isLoading } = useCall('businessClubFirstTrial/getLastApprovedResult', { id }, 'GET');
  return (
    <Section title={t('detail.lastResult')} data={data === undefined ? undefined : data} loading={isLoading} empty={(r) => r === null}>
      {(record) => (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
          { key: 'stage', label: t('records.stage'), children: record!.stage ? t(`stage.${record!.stage}`) : '—' },
          { key: 'action', label: t('records.action'), children: t(`action.${record!.action}`) },
          { key: 'actor', label: t('records.actor'), children: [record!.actor, record!.actorOrg].filter(Boolean).join(' · ') || '—' },
          { key: 'time', label: t('records.time'), children: formatTime(record!.createTime) },
          { key: 'opinion', label: t('records.opinion'), children: record!.opinion || '—', span: 2 },
        ]} />
      )}
    </Section>
  );
}
