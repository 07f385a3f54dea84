'use client';

import { EditOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiCall } from '@/lib/api/client';
import type { RecordRow } from '@/lib/contract/workflow';
import { OPINION_LIMIT } from '@/lib/resources/workbench';
import { useShell } from '@/components/shell/shell-context';
import { formatTime } from './format';
import { Section } from './section';
import { FIT, fitCell } from '@/components/crud/table-columns';
import { useCall } from './use-call';
import { useApp } from '@/components/providers/app-notices';

/** The records' columns add up to the drawer's width (1040 px less its padding): no sideways scrolling there. */
const RECORDS_WIDTH = 985;

/** The case's approval records in the order they were written; the user's own remarks are editable (the server checks it is theirs). */
export function DetailRecords({ id }: { id: number }) {
  const t = useTranslations('approval');
  const { data, isLoading, mutate } = useCall('businessApproveRecord/getList', { id });
  const { user } = useShell();
  const [editing, setEditing] = useState<RecordRow | null>(null);
  const stage = (s: RecordRow['stage']) => (s ? t(`stage.${s}`) : '—');
  const repayment = (r: RecordRow) => (r.repayment === 'OVERDUE' ? t('repaymentOverdue', { days: r.overdueDays ?? 0 }) : t(`repayment.${r.repayment!}`));
  return (
    <Section data={data} loading={isLoading} empty={(rows) => rows.length === 0}>
      {(rows) => (
        <>
          <Table<RecordRow> rowKey="id" size="small" dataSource={rows} pagination={false} tableLayout="fixed" scroll={{ x: RECORDS_WIDTH }} columns={[
            { key: 'time', title: t('records.time'), width: 165, render: (_, r) => formatTime(r.createTime) },
            { key: 'stage', title: t('records.stage'), width: 90, ellipsis: FIT, render: (_, r) => fitCell(stage(r.stage)) },
            { key: 'action', title: t('records.action'), width: 80, ellipsis: FIT, render: (_, r) => <Tag>{t(`action.${r.action}`)}</Tag> },
            { key: 'actor', title: t('records.actor'), width: 120, ellipsis: FIT, render: (_, r) => fitCell([r.actor, r.actorOrg].filter(Boolean).join(' · ') || '—') },
            { key: 'to', title: t('records.to'), width: 90, ellipsis: FIT, render: (_, r) => fitCell(r.repayment ? repayment(r) : r.toStatus === 'IN_REVIEW' && r.toStage ? stage(r.toStage) : t(`status.${r.toStatus}`)) },
            { key: 'targetUser', title: t('records.targetUser'), width: 80, ellipsis: FIT, render: (_, r) => fitCell(r.targetUser ?? '—') },
            { key: 'opinion', title: t('records.opinion'), width: 140, ellipsis: FIT, render: (_, r) => fitCell(r.opinion || '—') },
            { key: 'refuseReason', title: t('records.refuseReason'), width: 100, ellipsis: FIT, render: (_, r) => fitCell(r.refuseReason ?? '—') },
            {
              key: 'remark', title: t('records.remark'), width: 120, render: (_, r) => (
                <Space size={4}>
                  <span>{r.remark || '—'}</span>
                  {r.actor === user.nickname && (
                    <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('records.editRemark')} onClick={() => setEditing(r)} />
                  )}
                </Space>
              ),
            },
          ]} />
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
