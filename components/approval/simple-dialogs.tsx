'use client';

import { Alert, Form, Select } from 'antd';
import { FILE_KINDS } from '@/lib/workflow/files';
import { useTranslations } from 'next-intl';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { useApp } from '@/components/providers/app-notices';

/** return: back to the applicant for supplements: the documents awaited and a required note. */
export function ReturnDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/return', form, close, refresh, success: 'approval.done.return' });
  return (
    <ActionModal title={t('approval.actions.return')} row={row} form={form} sending={sending} close={close} danger
      onFinish={(values) => submit(rowBody(row, { opinion: values.opinion, documents: values.documents }))}>
      <Alert type="info" showIcon title={t('approval.dialog.returnHint')} style={{ marginBottom: 16 }} />
      <Form.Item name="documents" label={t('approval.dialog.documents')} rules={[{ required: true, message: t('validation.documentsRequired') }]}>
        <Select mode="multiple" aria-label={t('approval.dialog.documents')} options={FILE_KINDS.map((kind) => ({ value: kind, label: t(`approval.fileKind.${kind}`) }))}
          optionFilterProp="label" />
      </Form.Item>
      <OpinionField required />
    </ActionModal>
  );
}

/** withdraw: ends the case; a required opinion and a second confirmation. */
export function WithdrawDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const { modal } = useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/withdraw', form, close, refresh, success: 'approval.done.withdraw' });
  const confirm = (values: Record<string, unknown>) => modal.confirm({
    title: t('approval.dialog.withdrawConfirm', { number: row.number }),
    content: t('approval.dialog.withdrawHint'),
    okType: 'danger',
    onOk: () => submit(rowBody(row, { opinion: values.opinion })),
  });
  return (
    <ActionModal title={t('approval.actions.withdraw')} row={row} form={form} sending={sending} close={close} danger onFinish={confirm}>
      <Alert type="warning" showIcon title={t('approval.dialog.withdrawHint')} style={{ marginBottom: 16 }} />
      <OpinionField required />
    </ActionModal>
  );
}

/** reSign: the agreement is signed again; a confirmation and an optional opinion. */
export function ReSignDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/reSign', form, close, refresh, success: 'approval.done.reSign' });
  return (
    <ActionModal title={t('approval.actions.reSign')} row={row} form={form} sending={sending} close={close}
      okText={t('approval.dialog.reSignOk')} onFinish={(values) => submit(rowBody(row, { opinion: values.opinion ?? '' }))}>
      <Alert type="warning" showIcon title={t('approval.dialog.reSignConfirm', { number: row.number })} style={{ marginBottom: 16 }} />
      <OpinionField />
    </ActionModal>
  );
}
