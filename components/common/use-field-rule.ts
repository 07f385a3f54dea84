'use client';

import type { FormInstance, FormRule } from 'antd';
import { createTranslator, useLocale, useMessages, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { reportIntlError } from '@/components/providers/messages-scope';
import type { Locale } from '@/lib/contract/locales';
import { checkField, type FieldName } from '@/lib/contract/rules';
import { type MessageParams, splitFieldMessage } from '@/lib/contract/field-message';
import { mergeTexts, type Tree } from '@/lib/contract/text-catalogue';

const shared: Partial<Record<Locale, Promise<Tree>>> = {};

/**
 * The texts the UI shares with the service (lib/contract/texts: above all the validation
 * messages the service answers a form with), loaded on first need rather than sent with
 * every page (lib/client-messages.ts).
 */
function sharedTexts(locale: Locale): Promise<Tree> {
  shared[locale] ??= (locale === 'en' ? import('@/lib/contract/texts/en.json') : import('@/lib/contract/texts/zh-CN.json'))
    .then((module) => module.default as Tree);
  return shared[locale];
}

/**
 * A message key the service or a contract rule names (with its values, given or as
 * lib/contract/field-message.ts writes them after the key) in the current language: from the page's texts, else from the shared texts, loaded once.
 */
export function useServerText() {
  const t = useTranslations();
  const messages = useMessages() as Tree;
  const locale = useLocale() as Locale;
  return useCallback(async (message: string, given?: MessageParams): Promise<string> => {
    const [key, parsed] = splitFieldMessage(message);
    const values = given ?? parsed;
    if (t.has(key)) return t(key, values);
    const all = mergeTexts(messages, await sharedTexts(locale));
    return createTranslator({ locale, messages: all, onError: reportIntlError })(key as never, values as never);
  }, [t, messages, locale]);
}

/**
 * An antd form rule for a contract field: the same checks the BFF and the service apply,
 * with the message shown in the current language.
 */
export function useFieldRule() {
  const text = useServerText();
  return useCallback((field: FieldName): FormRule => ({
    validator: async (_rule, value) => {
      const key = checkField(field, value);
      if (key) throw new Error(await text(key));
    },
  }), [text]);
}

/** Shows a 422 answer's field messages (keys, with their values if any) on the form's fields. */
export function useFieldErrors() {
  const text = useServerText();
  // biome-ignore lint/suspicious/noExplicitAny: serves forms of any value shape
  return useCallback(async (form: FormInstance<any>, fields: Record<string, string>) => {
    const errors = await Promise.all(Object.entries(fields).map(async ([name, message]) => ({ name, errors: [await text(message)] })));
    form.setFields(errors);
  }, [text]);
}
