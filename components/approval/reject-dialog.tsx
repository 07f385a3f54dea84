'use client';

import { Alert, Form, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { PersonSelect } from './person-select';
import { useCall } from './use-call';

/** reject: back to a node the case already passed, to a person there, with a required opinion. */
export function RejectDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { data, isLoading } = useCall('systemOrganiza/getRejectUser', { applicationId: row.id });
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/reject', form, close, refresh, success: 'approval.done.reject' });
  const nodeId = Form.useWatch('nodeId', form) as number | undefined;
  const targets = data ?? [];
  const people = targets.find((target) => target.node.id === nodeId)?.people ?? [];
  return (
    <ActionModal title={t('approval.actions.reject')} row={row} form={form} sending={sending} close={close} danger ready={targets.length > 0}
      onFinish={(values) => submit(rowBody(row, { nodeId: values.nodeId, userId: values.userId, opinion: values.opinion }))}>
      {data && targets.length === 0 ? <Alert type="warning" showIcon title={t('approval.dialog.noRejectTarget')} /> : (
        <>
          <Form.Item name="nodeId" label={t('approval.fields.targetNode')} rules={[{ required: true, message: t('approval.fields.nodeRequired') }]}>
            <Select aria-label={t('approval.fields.targetNode')} loading={isLoading} onChange={() => form.setFieldValue('userId', undefined)}
              options={targets.map((target) => ({ value: target.node.id, label: t(`approval.stage.${target.node.stage}`) }))} />
          </Form.Item>
          <Form.Item name="userId" label={t('approval.fields.targetUser')} rules={[{ required: true, message: t('approval.fields.personRequired') }]}>
            <PersonSelect people={people} aria-label={t('approval.fields.targetUser')} />
          </Form.Item>
          <OpinionField required />
        </>
      )}
    </ActionModal>
  );
}
