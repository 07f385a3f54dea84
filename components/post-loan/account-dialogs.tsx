'use client';

import { Alert, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { chinaToday, dayText, todayValue } from '@/lib/china-time';
import type { LoanAccount, ScheduleRow } from '@/lib/contract/loans';
import { DECISIONS, RECOVERY_SOURCES, REPORT_KINDS, type ReportKind } from '@/lib/workflow/loan-states';
import type { AccountAction } from '@/lib/resources/ledger';
import { ActionModal, OpinionField, useActionSubmit } from '@/components/approval/action-modal';
import { formatMoney } from '@/components/approval/format';
import { makeKey } from '@/components/approval/idempotency';
import { DatePicker } from '@/components/common/date-pickers';
import { useApp } from '@/components/providers/app-notices';
import '@/styles/antd/radio.generated.css';

export interface AccountDialogProps {
  account: LoanAccount;
  close: () => void;
  /** Reads the account (and the list around it) again. */
  refresh: () => unknown;
}

const NOTE_LIMIT = 500;
const CONFLICT = 'postLoan.conflict';

const amountInput = { min: 0, max: 100_000_000, precision: 2, step: 100, style: { width: '100%' } };
/** Cents kept whole when amounts are subtracted (0.1 + 0.2 is not 0.3 in floating point). */
const yuan = (value: number) => Math.round(value * 100) / 100;
const unpaid = (row: ScheduleRow) => row.state === 'DUE' || row.state === 'OVERDUE';
const owed = (row: ScheduleRow) => ({ principal: yuan(row.principal - row.paidPrincipal), interest: yuan(row.interest - row.paidInterest) });

/** A report id for the bank's record: the day and a random part (the bank's own id may replace it). */
export function newReportId(): string {
  return `RP${chinaToday().replaceAll('-', '')}${makeKey().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}

/** What every action sends besides its own fields: the loan and the version the user saw (the dialog adds its key). */
const accountBody = (account: LoanAccount, values: Record<string, unknown>) => ({ id: account.account.id, version: account.account.version, ...values });
const day = (value: unknown) => (value ? dayText(value as Dayjs) : undefined);

/** One of the account's actions, by its name. */
export function AccountDialog({ action, ...props }: AccountDialogProps & { action: AccountAction }) {
  switch (action) {
    case 'repay': return <RepayDialog {...props} />;
    case 'compensate': return <CompensateDialog {...props} />;
    case 'confirmCompensation': return <DecideDialog {...props} kind="compensation" />;
    case 'recover': return <RecoverDialog {...props} />;
    case 'writeOff': return <WriteOffDialog {...props} />;
    case 'confirmWriteOff': return <DecideDialog {...props} kind="writeOff" />;
  }
}

function useRules() {
  const t = useTranslations();
  return {
    required: { required: true, message: t('validation.fieldRequired') },
    date: [{ required: true, message: t('validation.date') }],
    amount: [{ required: true, message: t('validation.amount') }, { type: 'number' as const, min: 0.01, message: t('validation.amount') }],
    amountOrNought: [{ required: true, message: t('validation.amount') }, { type: 'number' as const, min: 0, message: t('validation.amount') }],
  };
}

/** 还款登记: a period's instalment (its due amounts filled in) or an early repayment, with the bank's report id. */
function RepayDialog({ account, close, refresh }: AccountDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const rules = useRules();
  const open = useMemo(() => account.schedule.filter(unpaid), [account.schedule]);
  const first = open[0];
  const kind = (Form.useWatch('kind', form) as ReportKind | undefined) ?? (first ? 'PERIOD' : 'EARLY');
  const period = Form.useWatch('period', form) as number | undefined;
  const chosen = open.find((row) => row.period === period);
  const { submit, sending } = useActionSubmit({ path: 'loanAccount/repay', form, close, refresh, success: 'postLoan.done.repay', conflict: CONFLICT });
  const fill = (next: ScheduleRow | undefined) => { if (next) form.setFieldsValue(owed(next)); };
  const initial = {
    kind: first ? 'PERIOD' : 'EARLY', period: first?.period, paidOn: todayValue(), reportId: newReportId(),
    ...(first ? owed(first) : { principal: undefined, interest: 0 }),
  };
  return (
    <ActionModal title={t('postLoan.actions.repay')} form={form} sending={sending} close={close}
      onFinish={(values) => submit(accountBody(account, {
        reportId: String(values.reportId).trim(), kind: values.kind, ...(values.kind === 'PERIOD' ? { period: values.period } : {}),
        paidOn: day(values.paidOn), principal: values.principal, interest: values.interest,
      }))}>
      <Form.Item name="kind" label={t('postLoan.dialog.kind')} initialValue={initial.kind} rules={[rules.required]}>
        <Radio.Group optionType="button" onChange={(event) => { if (event.target.value === 'PERIOD') fill(chosen ?? first); else form.setFieldsValue({ principal: undefined, interest: 0 }); }}
          options={REPORT_KINDS.map((k) => ({ value: k, label: t(`postLoan.reportKind.${k}`), disabled: k === 'PERIOD' && !first }))} />
      </Form.Item>
      {kind === 'PERIOD' && (
        <Form.Item name="period" label={t('postLoan.dialog.period')} initialValue={initial.period} rules={[rules.required]}
          extra={chosen ? t('postLoan.dialog.periodDue', { period: chosen.period, ...mapMoney(owed(chosen)) }) : undefined}>
          <Select aria-label={t('postLoan.dialog.period')} onChange={(value: number) => fill(open.find((row) => row.period === value))}
            options={open.map((row) => ({ value: row.period, label: `${t('postLoan.loan.periodValue', { period: row.period })} · ${row.dueDate}` }))} />
        </Form.Item>
      )}
      <Form.Item name="paidOn" label={t('postLoan.dialog.paidOn')} initialValue={initial.paidOn} rules={rules.date}>
        <DatePicker style={{ width: '100%' }} aria-label={t('postLoan.dialog.paidOn')} />
      </Form.Item>
      <Form.Item name="principal" label={t('postLoan.dialog.principal')} initialValue={initial.principal} rules={kind === 'EARLY' ? rules.amount : rules.amountOrNought}>
        <InputNumber<number> {...amountInput} prefix="¥" aria-label={t('postLoan.dialog.principal')} />
      </Form.Item>
      <Form.Item name="interest" label={t('postLoan.dialog.interest')} initialValue={initial.interest} rules={rules.amountOrNought}>
        <InputNumber<number> {...amountInput} prefix="¥" aria-label={t('postLoan.dialog.interest')} />
      </Form.Item>
      <Form.Item name="reportId" label={t('postLoan.dialog.reportId')} initialValue={initial.reportId} extra={t('postLoan.dialog.reportIdHint')}
        rules={[{ required: true, whitespace: true, message: t('validation.fieldRequired') }, { max: 64, message: t('validation.tooLong') }]}>
        <Input maxLength={64} aria-label={t('postLoan.dialog.reportId')} />
      </Form.Item>
    </ActionModal>
  );
}

const mapMoney = (amounts: { principal: number; interest: number }) => ({ principal: formatMoney(amounts.principal), interest: formatMoney(amounts.interest) });

/** 代偿登记: what the guarantee company paid (principal and interest outstanding) and when; another person confirms it. */
function CompensateDialog({ account, close, refresh }: AccountDialogProps) {
  const t = useTranslations();
  const { modal } = useApp();
  const [form] = Form.useForm();
  const rules = useRules();
  const { submit, sending } = useActionSubmit({ path: 'loanAccount/compensate', form, close, refresh, success: 'postLoan.done.compensate', conflict: CONFLICT });
  const a = account.account;
  const interestDue = yuan(account.schedule.filter((row) => row.state === 'OVERDUE').reduce((sum, row) => sum + row.interest - row.paidInterest, 0));
  const confirm = (values: Record<string, unknown>) => modal.confirm({
    title: t('postLoan.dialog.compensateConfirm', { number: a.number, amount: formatMoney(yuan(Number(values.principal) + Number(values.interest ?? 0))) }),
    okType: 'danger',
    onOk: () => submit(accountBody(account, { principal: values.principal, interest: values.interest ?? 0, paidOn: day(values.paidOn) })),
  });
  return (
    <ActionModal title={t('postLoan.actions.compensate')} form={form} sending={sending} close={close} onFinish={confirm}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }}
        title={t('postLoan.dialog.compensateHint', { days: a.overdueDays, outstanding: formatMoney(a.outstanding) })} />
      <Form.Item name="principal" label={t('postLoan.dialog.principal')} initialValue={a.outstanding} rules={rules.amount}>
        <InputNumber<number> {...amountInput} prefix="¥" aria-label={t('postLoan.dialog.principal')} />
      </Form.Item>
      <Form.Item name="interest" label={t('postLoan.dialog.interest')} initialValue={interestDue} rules={rules.amountOrNought}>
        <InputNumber<number> {...amountInput} prefix="¥" aria-label={t('postLoan.dialog.interest')} />
      </Form.Item>
      <Form.Item name="paidOn" label={t('postLoan.dialog.compensationDate')} initialValue={todayValue()} rules={rules.date}>
        <DatePicker style={{ width: '100%' }} aria-label={t('postLoan.dialog.compensationDate')} />
      </Form.Item>
    </ActionModal>
  );
}

/** 代偿复核 and 核销确认: the second person confirms or rejects the pending entry (a rejection says why); both asked again. */
function DecideDialog({ account, close, refresh, kind }: AccountDialogProps & { kind: 'compensation' | 'writeOff' }) {
  const t = useTranslations();
  const { modal } = useApp();
  const [form] = Form.useForm();
  const decision = Form.useWatch('decision', form) as string | undefined;
  // Both decisions take the same input (decideInput) and answer the account.
  const path = kind === 'compensation' ? 'loanAccount/confirmCompensation' : 'loanAccount/confirmWriteOff';
  const action = kind === 'compensation' ? 'confirmCompensation' : 'confirmWriteOff';
  const { submit, sending } = useActionSubmit({ path, form, close, refresh, success: `postLoan.done.${action}`, conflict: CONFLICT });
  const compensation = account.compensations.find((c) => c.state === 'PENDING');
  const writeOff = account.writeOffs.find((w) => w.state === 'PENDING');
  const entryId = kind === 'compensation' ? compensation?.id : writeOff?.id;
  const pending = kind === 'compensation'
    ? compensation && t('postLoan.dialog.pendingCompensation', { amount: formatMoney(yuan(compensation.principal + compensation.interest)), date: compensation.paidOn, by: compensation.recordedBy })
    : writeOff && t('postLoan.dialog.pendingWriteOff', { amount: formatMoney(writeOff.amount), by: writeOff.requestedBy, reason: writeOff.reason });
  const confirm = (values: Record<string, unknown>) => modal.confirm({
    title: t(values.decision === 'REJECT' ? 'postLoan.dialog.rejectConfirm' : 'postLoan.dialog.confirmConfirm'),
    okType: 'danger',
    onOk: () => submit(accountBody(account, { entryId, decision: values.decision, opinion: values.opinion ?? '' })),
  });
  return (
    <ActionModal title={t(`postLoan.actions.${action}`)} form={form} sending={sending} close={close} onFinish={confirm} ready={entryId !== undefined}>
      {pending && <Alert type="info" showIcon title={t('postLoan.dialog.pending')} description={pending} style={{ marginBottom: 16 }} />}
      <Form.Item name="decision" label={t('postLoan.dialog.decision')} initialValue="CONFIRM" rules={[{ required: true, message: t('validation.fieldRequired') }]}>
        <Radio.Group optionType="button" options={DECISIONS.map((d) => ({ value: d, label: t(`postLoan.decision.${d}`) }))} />
      </Form.Item>
      <OpinionField required={decision === 'REJECT'} />
    </ActionModal>
  );
}

/** 追偿登记: an amount recovered after compensation, its date, where it came from and a note. */
function RecoverDialog({ account, close, refresh }: AccountDialogProps) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const rules = useRules();
  const { submit, sending } = useActionSubmit({ path: 'loanAccount/recover', form, close, refresh, success: 'postLoan.done.recover', conflict: CONFLICT });
  return (
    <ActionModal title={t('postLoan.actions.recover')} form={form} sending={sending} close={close}
      onFinish={(values) => submit(accountBody(account, { recoveredOn: day(values.recoveredOn), amount: values.amount, source: values.source, note: values.note ?? '' }))}>
      <Form.Item name="recoveredOn" label={t('postLoan.dialog.recoveredOn')} initialValue={todayValue()} rules={rules.date}>
        <DatePicker style={{ width: '100%' }} aria-label={t('postLoan.dialog.recoveredOn')} />
      </Form.Item>
      <Form.Item name="amount" label={t('postLoan.dialog.amount')} rules={rules.amount}>
        <InputNumber<number> {...amountInput} prefix="¥" aria-label={t('postLoan.dialog.amount')} />
      </Form.Item>
      <Form.Item name="source" label={t('postLoan.dialog.source')} rules={[rules.required]}>
        <Select aria-label={t('postLoan.dialog.source')} options={RECOVERY_SOURCES.map((s) => ({ value: s, label: t(`postLoan.source.${s}`) }))} />
      </Form.Item>
      <Form.Item name="note" label={t('postLoan.dialog.note')} rules={[{ max: NOTE_LIMIT, message: t('validation.tooLong') }]}>
        <Input.TextArea rows={2} maxLength={NOTE_LIMIT} showCount aria-label={t('postLoan.dialog.note')} />
      </Form.Item>
    </ActionModal>
  );
}

/** 核销申请: what a compensated loan still owes is written off with a reason; renshe confirms. Asked again before it goes. */
function WriteOffDialog({ account, close, refresh }: AccountDialogProps) {
  const t = useTranslations();
  const { modal } = useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useActionSubmit({ path: 'loanAccount/writeOff', form, close, refresh, success: 'postLoan.done.writeOff', conflict: CONFLICT });
  const a = account.account;
  const left = yuan(Math.max(0, a.compensated - a.recovered));
  const confirm = (values: Record<string, unknown>) => modal.confirm({
    title: t('postLoan.dialog.writeOffConfirm', { number: a.number }),
    okType: 'danger',
    onOk: () => submit(accountBody(account, { reason: String(values.reason ?? '').trim() })),
  });
  return (
    <ActionModal title={t('postLoan.actions.writeOff')} form={form} sending={sending} close={close} onFinish={confirm} danger>
      <Alert type="warning" showIcon title={t('postLoan.dialog.writeOffHint', { amount: formatMoney(left) })} style={{ marginBottom: 16 }} />
      <Form.Item name="reason" label={t('postLoan.dialog.reason')}
        rules={[{ required: true, whitespace: true, message: t('validation.reasonRequired') }, { max: NOTE_LIMIT, message: t('validation.tooLong') }]}>
        <Input.TextArea rows={3} maxLength={NOTE_LIMIT} showCount aria-label={t('postLoan.dialog.reason')} />
      </Form.Item>
    </ActionModal>
  );
}
