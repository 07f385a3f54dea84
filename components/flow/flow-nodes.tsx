'use client';

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, InputNumber, Modal, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type DragEvent } from 'react';
import useSWR from 'swr';
import { ApiError, api, apiCall } from '@/lib/api/client';
import type { CallInput } from '@/lib/contract/calls';
import type { FlowNodeRow, FlowRow } from '@/lib/contract/flow';
import { TIME_LIMIT_MAX } from '@/lib/contract/limits';
import { STAGES, type Stage } from '@/lib/workflow/stages';
import { useCallAllowed } from '@/components/access/permission';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';
import { EmptyState } from '@/components/common/empty-state';

type Editing = { node: FlowNodeRow | null } | null;

/**
 * A flow's review nodes in order: people and time limit of each, added, edited and deleted,
 * and reordered by dragging a row or with its up and down buttons (keyboard users). Every
 * change answers the whole list again, so what is shown is what the server holds.
 */
export function FlowNodes({ row, close, refresh }: { row: FlowRow; close: () => void; refresh: () => Promise<unknown> }) {
  const t = useTranslations('resources.flow');
  const locale = useLocale();
  const ts = useTranslations('approval.stage');
  const te = useTranslations('errors');
  const { modal, message } = useApp();
  const canEdit = useCallAllowed()('approvalConfig/add');
  const { data, isLoading, mutate } = useSWR(['approvalConfig/getList', row.id], () => api('approvalConfig/getList', { moduleId: row.id }));
  const [editing, setEditing] = useState<Editing>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const nodes = data?.nodes ?? [];

  /** Runs a change; its answer (the whole list) replaces the shown one, and the flows table refreshes. */
  const change = async <P extends 'approvalConfig/updateSort' | 'approvalConfig/del'>(path: P, body: CallInput<P>) => {
    setBusy(true);
    try {
      const { data: next, message: text } = await apiCall(path, body);
      await mutate(next, { revalidate: false });
      void message.success(text);
      void refresh();
      return true;
    } catch (error) {
      // A stale list (someone else changed the flow): show the current one.
      if (error instanceof ApiError && error.code === 409) void mutate();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = (from: number, to: number) => {
    if (!data || from === to || to < 0 || to >= nodes.length) return;
    const ids = nodes.map((n) => n.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    void change('approvalConfig/updateSort', { moduleId: row.id, version: data.module.version, ids });
  };

  const remove = (node: FlowNodeRow) => modal.confirm({
    title: t('deleteNodeTitle'),
    content: t('deleteNodeQuestion', { stage: ts(node.stage) }),
    okButtonProps: { danger: true },
    onOk: () => change('approvalConfig/del', { id: node.id, version: node.version }),
    onCancel: () => { void message.info(te('deleteCancelled')); },
  });

  const dragProps = (index: number) => canEdit ? {
    draggable: true,
    onDragStart: (event: DragEvent) => { setDragged(index); event.dataTransfer.effectAllowed = 'move'; },
    onDragOver: (event: DragEvent) => { if (dragged !== null) event.preventDefault(); },
    onDrop: (event: DragEvent) => { event.preventDefault(); if (dragged !== null) move(dragged, index); setDragged(null); },
    onDragEnd: () => setDragged(null),
  } : {};

  return (
    <Drawer open title={t('nodesTitle', { name: (locale === 'en' && row.nameEn) || row.name })} onClose={close} size="min(860px, 100vw)"
      extra={canEdit ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ node: null })}
          disabled={!data || nodes.length === STAGES.length}>{t('addNode')}</Button>
      ) : null}>
      <Typography.Paragraph type="secondary">{t('nodesHint')}</Typography.Paragraph>
      {row.runningCount > 0 ? <Alert type="info" showIcon title={t('runningHint', { count: row.runningCount })} style={{ marginBottom: 16 }} /> : null}
      {isLoading ? <Spin /> : (
        <Table<FlowNodeRow>
          rowKey="id" size="middle" pagination={false} dataSource={nodes} loading={busy}
          locale={{ emptyText: <EmptyState description={t('noNodes')} /> }}
          onRow={(_node, index) => dragProps(index!)}
          columns={[
            {
              key: 'order', title: t('order'), width: 90,
              render: (_v, _node, index) => (
                <Space size={4}>
                  {canEdit ? <HolderOutlined aria-hidden style={{ cursor: 'grab', color: '#999' }} /> : null}
                  <span>{index + 1}</span>
                </Space>
              ),
            },
            { key: 'stage', title: t('stage'), render: (_v, node) => ts(node.stage) },
            {
              key: 'people', title: t('people'),
              render: (_v, node) => node.people.length
                ? <Space size={[4, 4]} wrap>{node.people.map((p) => <Tag key={p.id}>{p.nickname}</Tag>)}</Space>
                : <Typography.Text type="danger">{t('noPeople')}</Typography.Text>,
            },
            {
              key: 'days', title: t('timeLimit'), width: 170,
              render: (_v, node) => {
                if (node.effectiveDays === null) return t('noLimit');
                return t(node.timeLimitDays === null ? 'daysDefault' : 'days', { days: node.effectiveDays });
              },
            },
            { key: 'pending', title: t('pending'), dataIndex: 'pending', width: 80 },
            ...(canEdit ? [{
              key: 'actions', title: t('actions'), width: 200,
              render: (_v: unknown, node: FlowNodeRow, index: number) => (
                <Space size={0}>
                  <Tooltip title={t('moveUp')}><Button type="link" size="small" icon={<ArrowUpOutlined />} aria-label={`${t('moveUp')} ${ts(node.stage)}`} disabled={index === 0 || busy} onClick={() => move(index, index - 1)} /></Tooltip>
                  <Tooltip title={t('moveDown')}><Button type="link" size="small" icon={<ArrowDownOutlined />} aria-label={`${t('moveDown')} ${ts(node.stage)}`} disabled={index === nodes.length - 1 || busy} onClick={() => move(index, index + 1)} /></Tooltip>
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('editNode')} ${ts(node.stage)}`} onClick={() => setEditing({ node })}>{t('edit')}</Button>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('deleteNode')} ${ts(node.stage)}`} onClick={() => remove(node)}>{t('delete')}</Button>
                </Space>
              ),
            }] : []),
          ]}
        />
      )}
      {editing && data ? (
        <NodeForm moduleId={row.id} node={editing.node} taken={nodes.map((n) => n.stage)} onClose={() => setEditing(null)}
          onSave={async (path, body) => {
            const { data: next, message: text } = await apiCall(path, body);
            await mutate(next, { revalidate: false });
            void message.success(text);
            void refresh();
            setEditing(null);
          }} />
      ) : null}
    </Drawer>
  );
}

interface NodeValues { stage: Stage; userIds: number[]; timeLimitDays?: number | null }

/** Adds a node (a stage not yet in the flow) or edits one's people and limit. */
function NodeForm({ moduleId, node, taken, onClose, onSave }: {
  moduleId: number; node: FlowNodeRow | null; taken: Stage[]; onClose: () => void;
  onSave: <P extends 'approvalConfig/update' | 'approvalConfig/add'>(path: P, body: CallInput<P>) => Promise<void>;
}) {
  const t = useTranslations('resources.flow');
  const ts = useTranslations('approval.stage');
  const tv = useTranslations('validation');
  const fieldErrors = useFieldErrors();
  const [form] = Form.useForm<NodeValues>();
  const [saving, setSaving] = useState(false);
  const stage = Form.useWatch('stage', form) ?? node?.stage;
  const candidates = useSWR(stage ? ['approvalConfig/getCandidates', stage] : null, () => api('approvalConfig/getCandidates', { stage }));

  const submit = async (values: NodeValues) => {
    setSaving(true);
    try {
      const timeLimitDays = values.timeLimitDays ?? null;
      if (node) await onSave('approvalConfig/update', { id: node.id, version: node.version, userIds: values.userIds, timeLimitDays });
      else await onSave('approvalConfig/add', { moduleId, stage: values.stage, userIds: values.userIds, timeLimitDays });
    } catch (error) {
      if (error instanceof ApiError) void fieldErrors(form, error.fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={node ? `${t('editNode')} · ${ts(node.stage)}` : t('addNode')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit}
        initialValues={node ? { stage: node.stage, userIds: node.people.map((p) => p.id), timeLimitDays: node.timeLimitDays } : {}}>
        <Form.Item name="stage" label={t('stage')} rules={[{ required: true, message: tv('stage') }]}>
          <Select disabled={!!node} placeholder={t('chooseStage')}
            options={STAGES.filter((s) => node?.stage === s || !taken.includes(s)).map((s) => ({ value: s, label: ts(s) }))}
            onChange={() => form.setFieldValue('userIds', [])} />
        </Form.Item>
        <Form.Item name="userIds" label={t('people')} rules={[{ required: true, type: 'array', min: 1, message: tv('nodePeople') }]} extra={t('peopleHint')}>
          <Select mode="multiple" disabled={!stage} loading={candidates.isLoading} optionFilterProp="label" placeholder={t('choosePeople')}
            options={(candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.nickname}（${c.orgName}）` }))} />
        </Form.Item>
        <Form.Item name="timeLimitDays" label={t('ownLimit')} extra={t('ownLimitHint')}
          rules={[{ type: 'integer', min: 1, max: TIME_LIMIT_MAX, message: tv('timeLimit') }]}>
          <InputNumber min={1} max={TIME_LIMIT_MAX} precision={0} style={{ width: 160 }} suffix={t('workingDays')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
