'use client';

import { Form } from 'antd';
import { useTranslations } from 'next-intl';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { PersonSelect } from './person-select';
import { useCall } from './use-call';

/** redeploy / adminRedeploy: the same node, another of its people. */
export function RedeployDialog({ row, close, refresh, admin = false }: ActionDialogProps & { admin?: boolean }) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const action = admin ? 'adminRedeploy' : 'redeploy';
  const { data, isLoading } = useCall('businessClubFirstTrial/getNodeAndPeople', { id: row.id, which: 'current' });
  const { submit, sending } = useActionSubmit({ path: `businessClubFirstTrial/${action}`, form, close, refresh, success: `approval.done.${action}` });
  const people = (data?.people ?? []).filter((person) => person.id !== row.assignee?.id);
  return (
    <ActionModal title={t(`approval.actions.${action}`)} row={row} form={form} sending={sending} close={close} ready={!!data}
      onFinish={(values) => submit(rowBody(row, { userId: values.userId, opinion: values.opinion ?? '' }))}>
      <Form.Item name="userId" label={t('approval.fields.redeployTo')} rules={[{ required: true, message: t('approval.fields.personRequired') }]}>
        <PersonSelect people={people} loading={isLoading} aria-label={t('approval.fields.redeployTo')} />
      </Form.Item>
      <OpinionField />
    </ActionModal>
  );
}
