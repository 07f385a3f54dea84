'use client';

import { Alert, Divider, Form, Modal, Switch } from 'antd';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { apiCall, ApiError } from '@/lib/api/client';
import type { IntakeResult } from '@/lib/contract/intake';
import { formPath, INTAKE_CALL, INTAKE_DEFAULTS, intakePayload, normalIdNumber, type IntakeValues } from '@/lib/resources/intake';
import { makeKey } from '@/components/approval/idempotency';
import { useServerText } from '@/components/common/use-field-rule';
import { EmployeeFields } from './employee-fields';
import { GuaranteeFields } from './guarantee-fields';
import { LoanFields, OrgFields } from './loan-fields';
import { PersonFields } from './person-fields';
import '@/styles/antd/divider.generated.css';
import { useApp } from '@/components/providers/app-notices';

/** Whether the form shows a field at this path (its registered fields' values hold the key). */
function hasPath(values: unknown, path: (string | number)[]): boolean {
  let node = values;
  for (const part of path) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string | number, unknown>)[part];
  }
  return true;
}

const CONFLICT = 409;
const INVALID = 422;

/**
 * '录入申请': a personal loan application entered by the operator, sent as the applicant
 * channel sends it. The dialog makes its client key when it opens and sends the same key
 * with every attempt, so a retry after a lost answer cannot enter the case twice. A refusal
 * (blacklist, 409) is shown in the dialog; a 422 puts its messages on the fields.
 */
export function IntakeDialog({ close, done }: { close: () => void; done: (result: IntakeResult) => unknown }) {
  const t = useTranslations();
  const text = useServerText();
  const { message } = useApp();
  const [form] = Form.useForm();
  const clientKey = useRef(makeKey());
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hasSpouse = Form.useWatch('hasSpouse', form);

  const submit = async (values: IntakeValues) => {
    const payload = intakePayload(values, clientKey.current);
    setSending(true);
    setRefusal(null);
    try {
      const { data } = await apiCall(INTAKE_CALL, payload, { silent: true });
      // A failed HARD indicator refuses the application at once (the applicant is told by SMS).
      if (data.status === 'REFUSED') void message.warning(t('intake.doneRefused', { number: data.number }));
      else void message.success(t('intake.done', { number: data.number }));
      close();
      await done(data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === CONFLICT) {
        setRefusal(error.message);
      } else if (error.code === INVALID && Object.keys(error.fields).length) {
        const entries = await Promise.all(Object.entries(error.fields).map(async ([field, key]) => ({ name: formPath(field), errors: [await text(key)] })));
        const shown = form.getFieldsValue() as Record<string, unknown>;
        const onForm = entries.filter((entry) => hasPath(shown, entry.name));
        form.setFields(onForm);
        const elsewhere = entries.filter((entry) => !onForm.includes(entry));
        if (elsewhere.length) setRefusal(elsewhere.map((entry) => entry.errors[0]).join(' '));
      } else if (error.code !== 401) {
        void message.error(error.message === 'system' ? t('errors.system') : error.message);
      }
    } finally {
      setSending(false);
    }
  };

  const section = (key: string) => <Divider titlePlacement="start" style={{ marginTop: 8 }}>{t(`intake.sections.${key}`)}</Divider>;
  const spouseIdRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value && normalIdNumber(value) === normalIdNumber(form.getFieldValue(['proposer', 'idNumber']))) throw new Error(t('validation.spouseSameId'));
    },
  };
  return (
    <Modal open title={t('intake.title')} onCancel={close} onOk={() => form.submit()} confirmLoading={sending}
      okText={t('intake.submit')} width={960} destroyOnHidden mask={{ closable: false }}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} closable={{ onClose: () => setRefusal(null) }} />}
      <Form form={form} layout="vertical" initialValues={INTAKE_DEFAULTS} onFinish={submit} disabled={sending} scrollToFirstError>
        {section('proposer')}
        <PersonFields name={['proposer']} proposer />
        {section('spouse')}
        <Form.Item name="hasSpouse" label={t('intake.fields.hasSpouse')} valuePropName="checked">
          <Switch aria-label={t('intake.fields.hasSpouse')} />
        </Form.Item>
        {hasSpouse && <PersonFields name={['spouse']} extraRules={{ idNumber: [spouseIdRule] }} />}
        {section('loan')}
        <LoanFields />
        {section('employees')}
        <EmployeeFields />
        {section('guarantee')}
        <GuaranteeFields />
        {section('orgs')}
        <OrgFields />
      </Form>
    </Modal>
  );
}
