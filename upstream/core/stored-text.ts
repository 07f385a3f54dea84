import type { StoredParams } from '../db/schema';
import type { Translate } from './i18n';

/**
 * Texts the service stores for people (messages) are kept as a key of its catalogue with
 * parameters, and put into words when read, in the reader's language (the call's
 * Accept-Language). A parameter `{ key }` is itself a catalogue key (a stage's name...).
 */
export const storedText = (key: string, params: StoredParams = {}) => ({ content: '', text_key: key, text_params: JSON.stringify(params) });

/** A stored text in the reader's language: its key and parameters, or the literal text of a row without a key. */
export function readStoredText(t: Translate, row: { content: string; text_key: string | null; text_params: unknown }): string {
  if (row.text_key === null) return row.content;
  const raw = typeof row.text_params === 'string' ? JSON.parse(row.text_params) as StoredParams : (row.text_params ?? {}) as StoredParams;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(raw)) params[name] = typeof value === 'object' && value !== null ? t(value.key) : value;
  return t(row.text_key, params);
}
