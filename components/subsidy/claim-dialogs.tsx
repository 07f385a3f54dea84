'use client';

import { Alert, Descriptions, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { dayText, todayValue } from '@/lib/china-time';
import type { ClaimDetail, ClaimLine } from '@/lib/contract/subsidy';
import { ActionModal, OpinionField, useActionSubmit } from '@/components/approval/action-modal';
import { formatMoney } from '@/components/approval/format';
import { DatePicker } from '@/components/common/date-pickers';
import '@/styles/antd/descriptions.generated.css';

interface DialogProps {
  detail: ClaimDetail;
  close: () => void;
  /** Reads the claim (and the list around it) again. */
  refresh: () => unknown;
}

const CONFLICT = 'subsidyClaims.conflict';
const REASON_LIMIT = 200;
const VOUCHER_LIMIT = 64;

/** One of the claim's dialogs, by its action. */
export function ClaimDialog(props: DialogProps & ({ action: 'check' | 'approve' | 'return' | 'pay' } | { action: 'exclude'; line: ClaimLine })) {
  switch (props.action) {
    case 'exclude': return <ExcludeDialog {...props} />;
    case 'pay': return <PayDialog {...props} />;
    default: return <ReviewDialog {...props} decision={props.action} />;
  }
}

const claimBody = (detail: ClaimDetail, values: Record<string, unknown>) => ({ id: detail.claim.id, version: detail.claim.version, ...values });

/** The claim the dialog is about: number, quarter, periods and amount. */
function ClaimFacts({ detail }: { detail: ClaimDetail }) {
  const t = useTranslations('subsidyClaims');
  const { claim } = detail;
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 16 }} items={[
      { key: 'number', label: t('number'), children: claim.number },
      { key: 'quarter', label: t('quarter'), children: t('quarterName', { year: claim.year, quarter: claim.quarter }) },
      { key: 'periods', label: t('periods'), children: t('periodCount', { count: claim.periods }) },
      { key: 'amount', label: t('amount'), children: formatMoney(claim.amount) },
    ]} />
  );
}

/** 剔除: a period left out of the claim, with the reason (it may be claimed in a later claim). */
function ExcludeDialog({ detail, line, close, refresh }: DialogProps & { line: ClaimLine }) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'subsidyClaim/exclude', form, close, refresh, success: 'subsidyClaims.done.exclude', conflict: CONFLICT });
  return (
    <ActionModal title={t('subsidyClaims.excludeTitle')} form={form} sending={sending} close={close} danger
      onFinish={(values) => submit(claimBody(detail, { applicationId: line.applicationId, period: line.period, reason: String(values.reason).trim() }))}>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }} items={[
        { key: 'loanNumber', label: t('subsidy.column.loanNumber'), children: line.loanNumber },
        { key: 'name', label: t('subsidy.column.name'), children: line.name },
        { key: 'period', label: t('subsidy.column.period'), children: t('postLoan.loan.periodValue', { period: line.period }) },
        { key: 'subsidy', label: t('subsidyClaims.subsidy'), children: formatMoney(line.subsidy) },
      ]} />
      <Form.Item name="reason" label={t('subsidyClaims.reason')} rules={[
        { required: true, whitespace: true, message: t('validation.excludeReason') },
        { max: REASON_LIMIT, message: t('validation.tooLong') },
      ]}>
        <Input.TextArea rows={3} maxLength={REASON_LIMIT} showCount aria-label={t('subsidyClaims.reason')} />
      </Form.Item>
    </ActionModal>
  );
}

/** 初审 / 复审 (approve) or 退回 (return to the bank, the opinion required). */
function ReviewDialog({ detail, decision, close, refresh }: DialogProps & { decision: 'check' | 'approve' | 'return' }) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'subsidyClaim/review', form, close, refresh, success: `subsidyClaims.done.${decision}`, conflict: CONFLICT });
  return (
    <ActionModal title={t(`subsidyClaims.act.${decision}`)} form={form} sending={sending} close={close} danger={decision === 'return'}
      onFinish={(values) => submit(claimBody(detail, { decision: decision === 'return' ? 'RETURN' : 'APPROVE', opinion: String(values.opinion ?? '').trim() }))}>
      <ClaimFacts detail={detail} />
      {decision === 'approve' && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('subsidyClaims.approveHint')} />}
      <OpinionField required={decision === 'return'} />
    </ActionModal>
  );
}

/** 拨付登记: the finance payout of an approved claim: date, amount (the claim's, filled in) and voucher number. */
function PayDialog({ detail, close, refresh }: DialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'subsidyClaim/pay', form, close, refresh, success: 'subsidyClaims.done.pay', conflict: CONFLICT });
  return (
    <ActionModal title={t('subsidyClaims.act.pay')} form={form} sending={sending} close={close}
      onFinish={(values) => submit(claimBody(detail, { paidOn: dayText(values.paidOn as Dayjs), amount: values.amount, voucherNo: String(values.voucherNo).trim() }))}>
      <ClaimFacts detail={detail} />
      <Form.Item name="paidOn" label={t('subsidyClaims.paidOn')} initialValue={todayValue()} rules={[{ required: true, message: t('validation.date') }]}>
        <DatePicker style={{ width: '100%' }} aria-label={t('subsidyClaims.paidOn')} />
      </Form.Item>
      <Form.Item name="amount" label={t('subsidyClaims.paidAmountYuan')} initialValue={detail.claim.amount} extra={t('subsidyClaims.paidAmountHint')}
        rules={[{ required: true, message: t('validation.amount') }, { type: 'number', min: 0.01, message: t('validation.amount') }]}>
        <InputNumber<number> min={0} max={100_000_000} precision={2} prefix="¥" style={{ width: '100%' }} aria-label={t('subsidyClaims.paidAmountYuan')} />
      </Form.Item>
      <Form.Item name="voucherNo" label={t('subsidyClaims.voucherNo')} rules={[
        { required: true, whitespace: true, message: t('validation.fieldRequired') },
        { max: VOUCHER_LIMIT, message: t('validation.tooLong') },
      ]}>
        <Input maxLength={VOUCHER_LIMIT} aria-label={t('subsidyClaims.voucherNo')} />
      </Form.Item>
    </ActionModal>
  );
}
