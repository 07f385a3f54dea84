'use client';

import { type IntlError, IntlErrorCode, NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { type ReactNode, useMemo } from 'react';
import { mergeTexts, type Tree } from '@/lib/contract/text-catalogue';

/**
 * A text the page was not given is an error in the console (the server's log while rendering,
 * the browser's after): the browser tests fail on it. The text shows as its key.
 */
export function reportIntlError(error: IntlError) {
  if (error.code === IntlErrorCode.MISSING_MESSAGE) console.error(`Missing message: ${error.originalMessage ?? error.message}`);
  else console.error(error);
}

/** Adds texts to those of the providers above (lib/client-messages.ts says which). */
export function MessagesScope({ messages, children }: { messages: Tree; children: ReactNode }) {
  const locale = useLocale();
  const above = useMessages() as Tree;
  const merged = useMemo(() => mergeTexts(above, messages), [above, messages]);
  return <NextIntlClientProvider locale={locale} messages={merged} onError={reportIntlError}>{children}</NextIntlClientProvider>;
}
