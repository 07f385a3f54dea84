'use client';

import { Form, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiCall } from '@/lib/api/client';
import { dayText, todayValue } from '@/lib/china-time';
import type { CallInput, CallPath } from '@/lib/contract/calls';
import type { SubsidySettings } from '@/lib/contract/subsidy';
import { SUBSIDY_KINDS, type SubsidyKind } from '@/lib/workflow/subsidy';
import type { BorrowerType } from '@/lib/workflow/stages';
import { DatePicker } from '@/components/common/date-pickers';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { useApp } from '@/components/providers/app-notices';

type SettingsCall = 'subsidyRule/add' | 'subsidyRule/addLpr';

/** Saves a setting: the answer is the settings as they now stand; a refusal's fields go on the form, a conflict is said. */
function useSave<P extends SettingsCall & CallPath>(path: P, form: ReturnType<typeof Form.useForm>[0], done: (settings: SubsidySettings) => unknown, close: () => void, success: string) {
  const t = useTranslations('subsidyRules');
  const { message } = useApp();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const save = async (body: CallInput<P>) => {
    setBusy(true);
    try {
      const { data } = await apiCall(path, body, { silent: true });
      void message.success(t(success));
      await done(data as SubsidySettings);
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (Object.keys(error.fields).length) void fieldErrors(form, error.fields);
      else void message.error(error.message === 'system' ? t('saveFailed') : error.message);
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}

/** A new version of a borrower type's rule, prefilled with the newest one; `seen` is that version's id. */
export function RuleDialog({ borrowerType, settings, close, done }: {
  borrowerType: BorrowerType; settings: SubsidySettings; close: () => void; done: (settings: SubsidySettings) => unknown;
}) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const versions = settings.rules.filter((r) => r.borrowerType === borrowerType);
  const newest = versions.reduce<(typeof versions)[number] | undefined>((top, r) => (!top || r.id > top.id ? r : top), undefined);
  const kind = (Form.useWatch('kind', form) as SubsidyKind | undefined) ?? newest?.kind ?? 'LPR_OFFSET';
  const { save, busy } = useSave('subsidyRule/add', form, done, close, 'added');
  const required = (key = 'validation.fieldRequired') => [{ required: true, message: t(key) }];
  const type = t(`approval.borrowerType.${borrowerType}`);
  return (
    <Modal open title={t('subsidyRules.addVersionTitle', { type })} onCancel={close} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden width={560}
      mask={{ closable: false }}>
      <Form form={form} layout="vertical" disabled={busy} initialValues={{
        effectiveFrom: todayValue(), kind: newest?.kind ?? 'LPR_OFFSET', offsetBp: newest?.offsetBp ?? -150,
        sharePercent: Math.round((newest?.share ?? 0) * 10_000) / 100, years: newest?.years ?? 3, maxLoans: newest?.maxLoans ?? 1,
      }} onFinish={(values) => save({
        borrowerType, effectiveFrom: dayText(values.effectiveFrom as Dayjs), kind: values.kind as SubsidyKind, offsetBp: values.offsetBp as number,
        share: Number(((values.sharePercent as number) / 100).toFixed(4)), years: values.years as number, maxLoans: values.maxLoans as number,
        seen: newest?.id ?? 0,
      })}>
        <Form.Item name="effectiveFrom" label={t('subsidyRules.effectiveFrom')} extra={t('subsidyRules.effectiveFromHint')} rules={required('validation.date')}>
          <DatePicker style={{ width: '100%' }} aria-label={t('subsidyRules.effectiveFrom')} />
        </Form.Item>
        <Form.Item name="kind" label={t('subsidyRules.kind')} rules={required()}>
          <Select aria-label={t('subsidyRules.kind')} options={SUBSIDY_KINDS.map((k) => ({ value: k, label: t(`subsidyRules.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="offsetBp" label={t('subsidyRules.offsetBp')} extra={t('subsidyRules.offsetBpHint')} hidden={kind !== 'LPR_OFFSET'} rules={required()}>
          <InputNumber<number> min={-1000} max={1000} precision={0} suffix={t('subsidyRules.bp')} style={{ width: '100%' }} aria-label={t('subsidyRules.offsetBp')} />
        </Form.Item>
        <Form.Item name="sharePercent" label={t('subsidyRules.share')} extra={t('subsidyRules.shareHint')} hidden={kind !== 'LPR_SHARE'} rules={required()}>
          <InputNumber<number> min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} aria-label={t('subsidyRules.share')} />
        </Form.Item>
        <Form.Item name="years" label={t('subsidyRules.years')} extra={t('subsidyRules.yearsHint')} rules={required()}>
          <InputNumber<number> min={0} max={30} precision={0} suffix={t('subsidyRules.yearUnit')} style={{ width: '100%' }} aria-label={t('subsidyRules.years')} />
        </Form.Item>
        <Form.Item name="maxLoans" label={t('subsidyRules.maxLoans')} extra={t('subsidyRules.maxLoansHint')} rules={required()}>
          <InputNumber<number> min={0} max={99} precision={0} style={{ width: '100%' }} aria-label={t('subsidyRules.maxLoans')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A published one-year LPR from its effective date: the rate in percent on screen, a fraction on the wire. */
export function LprDialog({ close, done }: { close: () => void; done: (settings: SubsidySettings) => unknown }) {
  const t = useTranslations();
  const [form] = Form.useForm();
  const { save, busy } = useSave('subsidyRule/addLpr', form, done, close, 'lpr.added');
  return (
    <Modal open title={t('subsidyRules.lpr.add')} onCancel={close} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden width={480}
      mask={{ closable: false }}>
      <Form form={form} layout="vertical" disabled={busy} initialValues={{ effectiveFrom: todayValue() }}
        onFinish={(values) => save({ effectiveFrom: dayText(values.effectiveFrom as Dayjs), rate: Number(((values.rate as number) / 100).toFixed(4)) })}>
        <Form.Item name="effectiveFrom" label={t('subsidyRules.effectiveFrom')} rules={[{ required: true, message: t('validation.date') }]}>
          <DatePicker style={{ width: '100%' }} aria-label={t('subsidyRules.effectiveFrom')} />
        </Form.Item>
        <Form.Item name="rate" label={t('subsidyRules.lpr.ratePercent')} extra={t('subsidyRules.lpr.rateHint')}
          rules={[{ required: true, message: t('validation.fieldRequired') }, { type: 'number', min: 0.01, max: 20, message: t('validation.invalid') }]}>
          <InputNumber<number> min={0.01} max={20} precision={2} step={0.05} suffix="%" style={{ width: '100%' }} aria-label={t('subsidyRules.lpr.ratePercent')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
