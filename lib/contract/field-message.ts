/**
 * A field message of a 422 is a message key, or a key with the values its text names
 * (`key|{"names":"a, b"}`), e.g. the limits an amount broke or the unknown variables of a text.
 * Plain functions, safe for the browser.
 */
export type MessageParams = Record<string, string | number>;

export const fieldMessage = (key: string, params: MessageParams): string => `${key}|${JSON.stringify(params)}`;

/** The key and values of a field message. */
export function splitFieldMessage(message: string): [string, MessageParams] {
  const bar = message.indexOf('|');
  if (bar < 0) return [message, {}];
  try {
    const params = JSON.parse(message.slice(bar + 1)) as unknown;
    return [message.slice(0, bar), params && typeof params === 'object' ? params as MessageParams : {}];
  } catch {
    return [message.slice(0, bar), {}];
  }
}
