'use client';

import type { FormInstance, FormRule } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { checkField, type FieldName } from '@/lib/contract/rules';
import { splitFieldMessage } from '@/lib/contract/field-message';

/**
 * An antd form rule for a contract field: the same checks the BFF and the service apply,
 * with the message shown in the current language.
 */
export function useFieldRule() {
  const t = useTranslations();
  return useCallback((field: FieldName): FormRule => ({
    validator: async (_rule, value) => {
      const key = checkField(field, value);
      if (key) throw new Error(t(key));
    },
  }), [t]);
}

/** Shows a 422 answer's field messages (keys, with their values if any) on the form's fields. */
export function useFieldErrors() {
  const t = useTranslations();
  // biome-ignore lint/suspicious/noExplicitAny: serves forms of any value shape
  return useCallback((form: FormInstance<any>, fields: Record<string, string>) =>
    form.setFields(Object.entries(fields).map(([name, message]) => ({ name, errors: [t(...splitFieldMessage(message))] }))), [t]);
}
