'use client';

import { EditOutlined } from '@ant-design/icons';
import { Button, Grid, Input, Modal, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiCall } from '@/lib/api/client';
import type { RecordRow } from '@/lib/contract/workflow';
import { OPINION_LIMIT } from '@/lib/resources/workbench';
import { useShell } from '@/components/shell/shell-context';
import { formatTime } from './format';
import { Section } from './section';
import styles from './detail-records.module.css';
import { useCall } from './use-call';
import { useApp } from '@/components/providers/app-notices';

/**
 * The case's approval records in the order they were written, every text whole: a table whose
 * long texts (people, opinion, refusal reason, remark) wrap in their cells, and on a phone one
 * block per record. The user's own remarks are editable (the server checks it is theirs).
 */
export function DetailRecords({ id }: { id: number }) {
  const t = useTranslations('approval');
  const { data, isLoading, mutate } = useCall('businessApproveRecord/getList', { id });
  const { user } = useShell();
  const phone = !Grid.useBreakpoint().md;
  const [editing, setEditing] = useState<RecordRow | null>(null);
  const stage = (s: RecordRow['stage']) => (s ? t(`stage.${s}`) : '—');
  const repayment = (r: RecordRow) => (r.repayment === 'OVERDUE' ? t('repaymentOverdue', { days: r.overdueDays ?? 0 }) : t(`repayment.${r.repayment!}`));
  const to = (r: RecordRow) => (r.repayment ? repayment(r) : r.toStatus === 'IN_REVIEW' && r.toStage ? stage(r.toStage) : t(`status.${r.toStatus}`));
  const actor = (r: RecordRow) => [r.actor, r.actorOrg].filter(Boolean).join(' · ') || '—';
  const remark = (r: RecordRow) => (
    <span className={styles.remark}>
      <span>{r.remark || '—'}</span>
      {r.actor === user.nickname && (
        <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('records.editRemark')} onClick={() => setEditing(r)} />
      )}
    </span>
  );
  return (
    <Section data={data} loading={isLoading} empty={(rows) => rows.length === 0}>
      {(rows) => (
        <>
          {phone ? (
            <ol className={styles.list}>
              {rows.map((r) => (
                <li key={r.id} className={styles.record}>
                  <div className={styles.head}>
                    <Tag className={styles.tag}>{t(`action.${r.action}`)}</Tag>
                    <span>{stage(r.stage)}</span>
                    <span className={styles.time}>{formatTime(r.createTime)}</span>
                  </div>
                  <dl className={styles.fields}>
                    <dt>{t('records.actor')}</dt><dd>{actor(r)}</dd>
                    <dt>{t('records.to')}</dt><dd>{to(r)}</dd>
                    {r.targetUser && <><dt>{t('records.targetUser')}</dt><dd>{r.targetUser}</dd></>}
                    {r.opinion && <><dt>{t('records.opinion')}</dt><dd>{r.opinion}</dd></>}
                    {r.refuseReason && <><dt>{t('records.refuseReason')}</dt><dd>{r.refuseReason}</dd></>}
                    <dt>{t('records.remark')}</dt><dd>{remark(r)}</dd>
                  </dl>
                </li>
              ))}
            </ol>
          ) : (
            <Table<RecordRow> rowKey="id" size="small" dataSource={rows} pagination={false} tableLayout="fixed" className={styles.table} columns={[
              // The columns share the drawer's width (1040 px less its padding); the opinion takes what the others leave.
              { key: 'time', title: t('records.time'), width: 100, render: (_, r) => formatTime(r.createTime) },
              { key: 'stage', title: t('records.stage'), width: 84, render: (_, r) => stage(r.stage) },
              { key: 'action', title: t('records.action'), width: 92, render: (_, r) => <Tag className={styles.tag}>{t(`action.${r.action}`)}</Tag> },
              { key: 'actor', title: t('records.actor'), width: 130, render: (_, r) => actor(r) },
              { key: 'to', title: t('records.to'), width: 90, render: (_, r) => to(r) },
              { key: 'targetUser', title: t('records.targetUser'), width: 90, render: (_, r) => r.targetUser ?? '—' },
              { key: 'opinion', title: t('records.opinion'), render: (_, r) => r.opinion || '—' },
              { key: 'refuseReason', title: t('records.refuseReason'), width: 130, render: (_, r) => r.refuseReason ?? '—' },
              { key: 'remark', title: t('records.remark'), width: 120, render: (_, r) => remark(r) },
            ]} />
          )}
          {editing && <RemarkDialog record={editing} close={() => setEditing(null)} saved={() => void mutate()} />}
        </>
      )}
    </Section>
  );
}

function RemarkDialog({ record, close, saved }: { record: RecordRow; close: () => void; saved: () => void }) {
  const t = useTranslations('approval.records');
  const { message } = useApp();
  const [remark, setRemark] = useState(record.remark);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await apiCall('businessApproveRecord/editRemark', { id: record.id, remark });
      void message.success(t('remarkSaved'));
      saved();
      close();
    } catch { /* the message is shown */ } finally { setSaving(false); }
  };
  return (
    <Modal open title={t('editRemark')} onCancel={close} onOk={() => void save()} confirmLoading={saving} destroyOnHidden>
      <Input.TextArea value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={OPINION_LIMIT} showCount aria-label={t('remark')} />
    </Modal>
  );
}
