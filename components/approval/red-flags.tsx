'use client';

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiCall } from '@/lib/api/client';
import type { RedFlags as Flags } from '@/lib/contract/indicators';
import { formatChinaTime } from '@/lib/china-time';
import { useCall } from './use-call';
import { useApp } from '@/components/providers/app-notices';

const COLOR = { PASSED: 'green', REFUSED: 'red', FLAGGED: 'orange', UNCHECKED: 'default' } as const;

/**
 * The red flags at the top of the detail drawer (getCueRedInfo): every indicator that did not
 * pass, with its observed value, blacklist entries added since intake, and a re-check for a
 * reviewer when a source could not be checked.
 */
export function RedFlags({ id, canRecheck }: { id: number; canRecheck: boolean }) {
  const t = useTranslations('approval.redFlags');
  const ti = useTranslations('resources.indicator');
  const { message } = useApp();
  const { data, mutate } = useCall('businessProposerInfo/getCueRedInfo', { id });
  const [busy, setBusy] = useState(false);
  if (!data || data.version === null) return null;
  const raised = data.items.filter((i) => i.verdict !== 'PASSED');
  const recheck = async () => {
    setBusy(true);
    try {
      const { data: next, message: text } = await apiCall('businessProposerInfo/recheck', { id });
      await mutate(next, { revalidate: false });
      message.success(text);
    } catch {
      // The error was shown by the client.
    } finally {
      setBusy(false);
    }
  };
  const value = (item: Flags['items'][number]) => (item.observed === null ? t('noValue') : String(item.observed));
  if (!raised.length && !data.blacklistHits.length) {
    return <Alert type="success" showIcon style={{ marginBottom: 16 }} title={t('clean', { version: data.version, count: data.items.length })} />;
  }
  return (
    <Alert type={data.outcome === 'REFUSED' || data.blacklistHits.length ? 'error' : 'warning'} showIcon style={{ marginBottom: 16 }}
      title={t('title', { version: data.version, count: raised.length + data.blacklistHits.length })}
      action={data.canRecheck && canRecheck && <Button size="small" icon={<ReloadOutlined />} loading={busy} onClick={() => void recheck()}>{t('recheck')}</Button>}
      description={(
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          {raised.map((item) => (
            <Typography.Text key={item.code}>
              <Tag color={COLOR[item.verdict]}>{t(`verdict.${item.verdict}`)}</Tag>
              {item.name} · {ti(`source.${item.source}`)} · {t('observed', { value: value(item) })}
              {item.simulated && <Tag style={{ marginInlineStart: 8 }}>{t('simulated')}</Tag>}
            </Typography.Text>
          ))}
          {data.blacklistHits.map((hit) => (
            <Typography.Text key={`${hit.idNumber}-${hit.since}`}>
              <Tag color="red">{t('blacklisted')}</Tag>{t('blacklistHit', { name: hit.name, idNumber: hit.idNumber, reason: hit.reason, since: formatChinaTime(hit.since) })}
            </Typography.Text>
          ))}
        </Space>
      )} />
  );
}
