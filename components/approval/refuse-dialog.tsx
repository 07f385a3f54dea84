'use client';

import { Alert, Form, Select, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { RefuseReasonOption } from '@/lib/contract/workflow';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { useCall } from './use-call';

/** refuse: terminal, with one of the enabled refusal reasons of the case's stage (the applicant is told by SMS). */
export function RefuseDialog({ stage, row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { data, isLoading } = useCall('staterefuseconfig/options', { stage: row.stage ?? stage });
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/refuse', form, close, refresh, success: 'approval.done.refuse' });
  const reasons = data ?? [];
  return (
    <ActionModal title={t('approval.actions.refuse')} row={row} form={form} sending={sending} close={close} danger
      onFinish={(values) => submit(rowBody(row, { reasonId: values.reasonId, opinion: values.opinion ?? '' }))}>
      <Alert type="warning" showIcon title={t('approval.dialog.refuseHint')} style={{ marginBottom: 16 }} />
      <Form.Item name="reasonId" label={t('approval.fields.reason')} rules={[{ required: true, message: t('validation.reasonRequired') }]}>
        <Select aria-label={t('approval.fields.reason')} loading={isLoading} showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={isLoading ? undefined : t('approval.fields.noReasons')}
          options={reasons.map((reason) => ({ value: reason.id, label: reason.content, kind: reason.kind }))}
          optionRender={(option) => (
            <span><Tag>{t(`approval.reasonKind.${(option.data as { kind: RefuseReasonOption['kind'] }).kind}`)}</Tag>{option.label}</span>
          )} />
      </Form.Item>
      <OpinionField />
    </ActionModal>
  );
}
