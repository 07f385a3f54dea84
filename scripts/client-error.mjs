import { readFileSync } from 'node:fs';

/**
 * Answers to requests Node's HTTP server refuses before Next sees them (headers too large,
 * a malformed request, headers that never finish), in the envelope every other answer has.
 * Their language is DEFAULT_LOCALE: the request's own headers could not be read.
 */
const MESSAGES = Object.fromEntries(['zh-CN', 'en'].map((locale) =>
  [locale, JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8'))]));

const REFUSALS = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'errors.headersTooLarge'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'errors.requestTimeout'],
};
const MALFORMED = [400, 'Bad Request', 'validation.json'];

/** The envelope of a refusal, worded as the BFF words one: the message plus one '！' (SPEC.md section 8). */
function refusalBody(locale, code, key) {
  const messages = MESSAGES[locale] ?? MESSAGES['zh-CN'];
  const text = key.split('.').reduce((node, part) => node?.[part], messages) ?? key;
  const message = messages.errors.withMessage.replace('{message}', text.replace(/[\s！!]+$/u, ''));
  return JSON.stringify({ code, message, data: null });
}

/** A `clientError` listener for an http.Server. */
export function answerClientError(locale = 'zh-CN') {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [code, reason, key] = REFUSALS[error.code] ?? MALFORMED;
    const body = refusalBody(locale, code, key);
    socket.end([
      `HTTP/1.1 ${code} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'));
  };
}
