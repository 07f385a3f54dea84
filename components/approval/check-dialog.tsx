'use client';

import { Alert, Form, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { PersonSelect } from './person-select';
import { useCall } from './use-call';

/** check: approve at this stage; the case moves to the next node and the person chosen there, or is approved when there is none. */
export function CheckDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { data, isLoading } = useCall('businessClubFirstTrial/getNodeAndPeople', { id: row.id, which: 'next' });
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/check', form, close, refresh, success: 'approval.done.check' });
  const people = data?.people ?? [];
  // The only person who can take the case next is chosen already.
  const only = data?.node && data.people.length === 1 ? data.people[0]!.id : undefined;
  useEffect(() => { if (only !== undefined && form.getFieldValue('nextUserId') === undefined) form.setFieldValue('nextUserId', only); }, [form, only]);
  return (
    <ActionModal title={t('approval.actions.check')} row={row} form={form} sending={sending} close={close} ready={!!data}
      onFinish={(values) => submit(rowBody(row, { opinion: values.opinion ?? '', ...(values.nextUserId ? { nextUserId: values.nextUserId } : {}) }))}>
      {isLoading || !data ? <Skeleton active paragraph={{ rows: 2 }} /> : data.node === null ? (
        <Alert type="success" showIcon title={t('approval.dialog.checkApproves')} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }}
            title={t('approval.dialog.nextNode', { stage: t(`approval.stage.${data.node.stage}`) })} />
          {people.length === 0 && <Alert type="warning" showIcon title={t('approval.fields.noPeople')} style={{ marginBottom: 16 }} />}
          <Form.Item name="nextUserId" label={t('approval.fields.nextUser')}
            rules={people.length ? [{ required: true, message: t('approval.fields.personRequired') }] : []}>
            <PersonSelect people={people} aria-label={t('approval.fields.nextUser')} />
          </Form.Item>
        </>
      )}
      <OpinionField />
    </ActionModal>
  );
}
