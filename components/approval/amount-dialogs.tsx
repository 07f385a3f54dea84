'use client';

import { Form, InputNumber, Radio } from 'antd';
import { DatePicker } from '@/components/common/date-pickers';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { QUOTA_LIMIT } from '@/lib/resources/workbench';
import { OVERDUE_DAYS_MAX } from '@/lib/contract/limits';
import { REPAYMENT_STATES, type RepaymentState } from '@/lib/workflow/stages';
import { ActionModal, OpinionField, rowBody, useActionSubmit, type ActionDialogProps } from './action-modal';
import { useCall } from './use-call';
import '@/styles/antd/radio.generated.css';

function useAmountRules() {
  const t = useTranslations();
  return [
    { required: true, message: t('validation.amount') },
    { type: 'number' as const, min: 0.01, max: QUOTA_LIMIT, message: t('validation.amount') },
  ];
}

const amountInput = { min: 0.01, max: QUOTA_LIMIT, precision: 2, step: 1000, style: { width: '100%' } };

/** quota: the guarantee company's quota for the case. */
export function QuotaDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const rules = useAmountRules();
  const { data } = useCall('businessClubFirstTrial/unfold', { id: row.id });
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/updateGuaranteeQuota', form, close, refresh, success: 'approval.done.quota' });
  return (
    <ActionModal title={t('approval.actions.quota')} row={row} form={form} sending={sending} close={close} ready={!!data}
      onFinish={(values) => submit(rowBody(row, { quota: values.quota, opinion: values.opinion ?? '' }))}>
      {data && (
        <Form.Item name="quota" label={t('approval.fields.quota')} rules={rules} initialValue={data.guaranteeQuota ?? data.amount}>
          <InputNumber<number> {...amountInput} aria-label={t('approval.fields.quota')} prefix="¥" />
        </Form.Item>
      )}
      <OpinionField />
    </ActionModal>
  );
}

/** bankState: whether the bank issued the loan, and if so how much and when; on an issued loan, how it is being repaid. */
export function BankStateDialog(props: ActionDialogProps) {
  return props.row.status === 'LOANED' ? <RepaymentDialog {...props} /> : <LoanIssuedDialog {...props} />;
}

/** The bank's repayment report on an issued loan: on time, overdue by some days, or paid by the guarantee company. */
function RepaymentDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const repayment = Form.useWatch('repayment', form) as RepaymentState | undefined;
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/bankState', form, close, refresh, success: 'approval.done.bankState' });
  const finish = (values: Record<string, unknown>) => submit(rowBody(row, {
    issued: true,
    repayment: values.repayment,
    ...(values.repayment === 'OVERDUE' ? { overdueDays: values.overdueDays } : {}),
    opinion: values.opinion ?? '',
  }));
  return (
    <ActionModal title={t('approval.actions.bankState')} row={row} form={form} sending={sending} close={close} onFinish={finish}>
      <Form.Item name="repayment" label={t('approval.fields.repayment')} rules={[{ required: true, message: t('approval.fields.repaymentRequired') }]}>
        <Radio.Group options={REPAYMENT_STATES.map((value) => ({ value, label: t(`approval.repayment.${value}`) }))} />
      </Form.Item>
      {repayment === 'OVERDUE' && (
        <Form.Item name="overdueDays" label={t('approval.fields.overdueDays')}
          rules={[{ required: true, type: 'integer', min: 1, max: OVERDUE_DAYS_MAX, message: t('validation.overdueDays') }]}>
          <InputNumber<number> min={1} max={OVERDUE_DAYS_MAX} precision={0} style={{ width: '100%' }} aria-label={t('approval.fields.overdueDays')} />
        </Form.Item>
      )}
      <OpinionField />
    </ActionModal>
  );
}

function LoanIssuedDialog({ row, close, refresh }: ActionDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const rules = useAmountRules();
  const issued = Form.useWatch('issued', form) as boolean | undefined;
  const { submit, sending } = useActionSubmit({ path: 'businessClubFirstTrial/bankState', form, close, refresh, success: 'approval.done.bankState' });
  const finish = (values: Record<string, unknown>) => submit(rowBody(row, {
    issued: values.issued,
    ...(values.issued ? { loanAmount: values.loanAmount, loanDate: (values.loanDate as Dayjs).format('YYYY-MM-DD') } : {}),
    opinion: values.opinion ?? '',
  }));
  return (
    <ActionModal title={t('approval.actions.bankState')} row={row} form={form} sending={sending} close={close} onFinish={finish}>
      <Form.Item name="issued" label={t('approval.fields.issued')} rules={[{ required: true, message: t('approval.fields.issuedRequired') }]}>
        <Radio.Group options={[{ value: true, label: t('approval.fields.issuedYes') }, { value: false, label: t('approval.fields.issuedNo') }]} />
      </Form.Item>
      {issued && (
        <>
          <Form.Item name="loanAmount" label={t('approval.fields.loanAmount')} rules={rules} initialValue={row.amount}>
            <InputNumber<number> {...amountInput} aria-label={t('approval.fields.loanAmount')} prefix="¥" />
          </Form.Item>
          <Form.Item name="loanDate" label={t('approval.fields.loanDate')} rules={[{ required: true, message: t('validation.date') }]}>
            <DatePicker style={{ width: '100%' }} aria-label={t('approval.fields.loanDate')} />
          </Form.Item>
        </>
      )}
      <OpinionField />
    </ActionModal>
  );
}
