'use client';

import { Descriptions, Form, Input, Modal, type FormInstance } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { apiCall, ApiError } from '@/lib/api/client';
import type { CallInput, CallOutput, CallPath } from '@/lib/contract/calls';
import type { ApplicationRow } from '@/lib/contract/workflow';
import { OPINION_LIMIT } from '@/lib/resources/workbench';
import type { Stage } from '@/lib/workflow/stages';
import { useFieldErrors, useServerText } from '@/components/common/use-field-rule';
import { openSubmission, submissionFor } from './idempotency';
import { formatMoney } from './format';
import '@/styles/antd/descriptions.generated.css';
import { useApp } from '@/components/providers/app-notices';

/** What every row action's dialog gets from the workbench. */
export interface ActionDialogProps {
  stage: Stage;
  row: ApplicationRow;
  close: () => void;
  /** Reloads the list (and everything else an action changes). */
  refresh: () => unknown;
}

const CONFLICT = 409;
const INVALID = 422;

/**
 * Sends an action: with the dialog's idempotency key (made when the dialog opened, kept for
 * retries of the same body), silently, so that the dialog says what went wrong: a 409 is a
 * conflict (someone else acted first or the row is stale: message, refresh, close), a 422
 * puts its messages on the form's fields, anything else shows the catalogue text.
 */
export function useActionSubmit<P extends CallPath>({ path, form, close, refresh, success, conflict = 'approval.conflict' }: {
  path: P;
  form: FormInstance;
  close: () => void;
  refresh: () => unknown;
  /** Message key of the success text, or the text made from the answer. */
  success: string | ((data: CallOutput<P>) => string);
  /** Message key of the conflict text (409). */
  conflict?: string;
}) {
  const t = useTranslations();
  const { message } = useApp();
  const fieldErrors = useFieldErrors();
  const text = useServerText();
  const submission = useRef(openSubmission());
  const [sending, setSending] = useState(false);

  const submit = useCallback(async (body: Record<string, unknown>): Promise<CallOutput<P> | undefined> => {
    submission.current = submissionFor(submission.current, body);
    setSending(true);
    try {
      const { data } = await apiCall(path, { ...body, key: submission.current.key } as CallInput<P>, { silent: true });
      void message.success(typeof success === 'string' ? t(success) : success(data));
      void refresh();
      close();
      return data;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === CONFLICT) {
        void message.error(t(conflict));
        void refresh();
        close();
      } else if (error.code === INVALID && Object.keys(error.fields).length) {
        const shown = form.getFieldsValue() as Record<string, unknown>;
        const onForm = Object.entries(error.fields).filter(([name]) => name in shown);
        void fieldErrors(form, Object.fromEntries(onForm));
        const elsewhere = Object.entries(error.fields).filter(([name]) => !onForm.some(([n]) => n === name));
        for (const [, key] of elsewhere) void message.error(await text(key));
      } else if (error.code !== 401) {
        void message.error(error.message === 'system' ? t('errors.system') : error.message);
      }
      return undefined;
    } finally {
      setSending(false);
    }
  }, [path, form, close, refresh, success, conflict, t, message, fieldErrors, text]);

  return { submit, sending };
}

/** The frame of an action dialog: title, the case it is about, the form and its buttons. */
export function ActionModal({ title, row, form, onFinish, sending, close, danger, okText, ready = true, children }: {
  title: string;
  row?: ApplicationRow;
  form: FormInstance;
  onFinish: (values: Record<string, unknown>) => unknown;
  sending: boolean;
  close: () => void;
  danger?: boolean;
  okText?: string;
  /** False while what the form needs is still loading (the OK button waits). */
  ready?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations('approval');
  return (
    <Modal open title={title} onCancel={close} onOk={() => form.submit()} confirmLoading={sending} okText={okText}
      okButtonProps={{ danger, disabled: !ready }} destroyOnHidden width={560} mask={{ closable: false }}>
      {row && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }} items={[
          { key: 'number', label: t('detail.number'), children: row.number },
          { key: 'name', label: t('detail.name'), children: row.name },
          { key: 'amount', label: t('detail.amount'), children: formatMoney(row.amount) },
          { key: 'assignee', label: t('detail.assignee'), children: row.assignee?.nickname ?? '—' },
        ]} />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={sending}>{children}</Form>
    </Modal>
  );
}

/** The opinion of an action: required for some (return, reject, withdraw), at most OPINION_LIMIT characters. */
export function OpinionField({ required = false }: { required?: boolean }) {
  const t = useTranslations();
  return (
    <Form.Item name="opinion" label={t('approval.fields.opinion')} required={required} rules={[
      ...(required ? [{ required: true, whitespace: true, message: t('validation.opinionRequired') }] : []),
      { max: OPINION_LIMIT, message: t('validation.tooLong') },
    ]}>
      <Input.TextArea rows={3} maxLength={OPINION_LIMIT} showCount aria-label={t('approval.fields.opinion')} />
    </Form.Item>
  );
}

/** The body every row action sends besides its own fields: the case and the version the user saw. */
export const rowBody = (row: ApplicationRow, values: Record<string, unknown>) => ({ id: row.id, version: row.version, ...values });
