'use client';

import { Form, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { withCallRules } from '@/lib/resources/form-rules';
import { callPath, ApiError } from '@/lib/api/client';
import type { ResourceSpec } from '@/lib/resources/types';
import { useFieldErrors } from '@/components/common/use-field-rule';
import { FieldInput, useFieldRules } from './field-input';
import { formFieldOf, recordToValues, valuesToPayload } from './field-values';
import { useApp } from '@/components/providers/app-notices';

export interface EditTarget<Row> { row: Row | null; defaults?: Record<string, unknown> }

/**
 * The edit modal: the spec's form fields, validated as the user types, saved through the
 * spec's call. Field errors of a 422 land on their fields; a 409 (someone else saved first)
 * keeps the dialog open with the server's message. `onSaved` receives the call's data.
 */
export function EditModal<Row>({ spec, target, onClose, onSaved }: {
  spec: ResourceSpec<Row>;
  target: EditTarget<Row> | null;
  onClose: () => void;
  onSaved: (data: unknown) => void;
}) {
  const t = useTranslations();
  const { message } = useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const rulesOf = useFieldRules();
  const fieldErrors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const form_ = spec.form!;
  const editing = !!target?.row;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    const values = target.row ? form_.toValues?.(target.row) ?? (target.row as Record<string, unknown>) : { ...form_.defaults, ...target.defaults };
    form.setFieldsValue(recordToValues(form_.fields, values));
  }, [target, form, form_]);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const converted = valuesToPayload(form_.fields, values);
      const payload = form_.toPayload ? form_.toPayload(converted, target?.row ?? null) : converted;
      const { data, message: text } = await callPath(target?.row ? form_.update ?? form_.save : form_.save, payload);
      void message.success(text);
      onSaved(data);
    } catch (error) {
      if (error instanceof ApiError) {
        void fieldErrors(form, Object.fromEntries(Object.entries(error.fields).map(([name, key]) => [formFieldOf(form_.fields, name), key])));
      }
    } finally {
      setSaving(false);
    }
  };

  const fields = useMemo(() => withCallRules(form_.fields.filter((f) => !f.only || f.only === (editing ? 'edit' : 'create')),
    editing ? form_.update ?? form_.save : form_.save), [form_, editing]);
  return (
    <Modal
      open={!!target}
      title={t(editing ? form_.edit : form_.create)}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okText={t('crud.save')}
      destroyOnHidden
      forceRender
      width={form_.width ?? 560}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={save}>
        {fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={t(field.label)} rules={rulesOf(field)}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'} required={field.required}>
            <FieldInput field={field} disabled={editing && field.locked} idle={!target} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
