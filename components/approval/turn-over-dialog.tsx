'use client';

import { useShell } from '@/components/shell/shell-context';
import { Alert, Form, Select } from 'antd';
import { useTranslations } from 'next-intl';
import type { Stage } from '@/lib/workflow/stages';
import { ActionModal, useActionSubmit } from './action-modal';
import { PersonSelect } from './person-select';
import { formatMoney } from './format';
import { useCall } from './use-call';
import { useApp } from '@/components/providers/app-notices';

/**
 * turnOver: the cases of one person waiting at the stage go to another person of the stage,
 * never to the user (a supervisor's act). Both lists are the stage's people in the user's
 * organisations; the first shows how many cases each one holds there, their amount and how many are overdue. Cases the new person
 * may not take stay, and the answer counts them.
 */
export function TurnOverDialog({ stage, close, refresh }: { stage: Stage; close: () => void; refresh: () => unknown }) {
  const userId = useShell().user.id;
  const t = useTranslations();
  const { modal } = useApp();
  const [form] = Form.useForm();
  const fromUserId = Form.useWatch('fromUserId', form) as number | undefined;
  const { data, isLoading } = useCall('businessApproveRecord/getPersonAndAmount', { stage });
  const holders = (data ?? []).filter((person) => person.pending > 0);
  const people = (data ?? []).filter((person) => person.id !== fromUserId && person.id !== userId);
  const { submit, sending } = useActionSubmit({
    path: 'businessClubFirstTrial/turnOver', form, close, refresh,
    success: (result) => (result.kept > 0 ? t('approval.done.turnOverKept', { moved: result.moved, kept: result.kept }) : t('approval.done.turnOver', { moved: result.moved })),
  });
  const nickname = (id: unknown) => data?.find((p) => p.id === id)?.nickname ?? '';
  const confirm = (values: Record<string, unknown>) => modal.confirm({
    title: t('approval.dialog.turnOverConfirm', { from: nickname(values.fromUserId), to: nickname(values.toUserId) }),
    onOk: () => submit({ stage, fromUserId: values.fromUserId, toUserId: values.toUserId }),
  });
  return (
    <ActionModal title={t('approval.actions.turnOver')} form={form} sending={sending} close={close} onFinish={confirm}>
      <Alert type="info" showIcon title={t('approval.dialog.turnOverHint', { stage: t(`approval.stage.${stage}`) })} style={{ marginBottom: 16 }} />
      <Form.Item name="fromUserId" label={t('approval.fields.fromUser')} rules={[{ required: true, message: t('approval.fields.personRequired') }]}>
        <Select aria-label={t('approval.fields.fromUser')} loading={isLoading}
          notFoundContent={isLoading ? undefined : t('approval.fields.noHolders')}
          onChange={() => form.setFieldValue('toUserId', undefined)}
          options={holders.map((holder) => ({
            value: holder.id,
            label: t('casework.holder', { name: holder.nickname, count: holder.pending, amount: formatMoney(holder.amount), overdue: holder.overdue }),
          }))} />
      </Form.Item>
      <Form.Item name="toUserId" label={t('approval.fields.toUser')} rules={[{ required: true, message: t('approval.fields.personRequired') }]}>
        <PersonSelect people={people} loading={isLoading} aria-label={t('approval.fields.toUser')} />
      </Form.Item>
    </ActionModal>
  );
}
