/**
 * What a log line may never hold (SPEC.md section 9, docs/api.md 'What the API promises'): passwords, tokens,
 * secrets, password hashes, cookies, whole ID numbers and whole mobiles. Fields are judged
 * by name (the redaction list below, at any depth) and every text by its content, so a
 * message that quotes a mobile or a hash is cleaned too. Errors keep their class and code,
 * never their message (which may quote SQL parameters).
 */
const REDACTED = '[Redacted]';

/** Field names whose value is dropped whole (compared lower-case, without '-' and '_'). */
const SECRET_NAMES = ['password', 'passwd', 'token', 'secret', 'hash', 'authorization', 'cookie', 'captcha', 'smscode', 'apikey', 'credential'];
/** Field names whose value is shown masked, as the screens show it. */
const MASKED_NAMES = ['idnumber', 'idcard', 'certno', 'mobile', 'phone', 'telephone'];

const ID_NUMBER = /(?<![\dA-Za-z])(\d{6})\d{8}(\d{3}[\dXx])(?![\dA-Za-z])/g;
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const PASSWORD_HASH = /\b(?:scrypt|argon2(?:id|i|d)?|pbkdf2[\w-]*)\$[^\s"',]+|\$2[aby]?\$\d+\$[./\w]{53}/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const URL_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^:/?#@\s]+:)[^@\s/]+@/gi;

/** A text with ID numbers, mobiles, password hashes, bearer credentials and passwords in URLs masked. */
function scrubText(text: string): string {
  return text
    .replace(PASSWORD_HASH, REDACTED)
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`)
    .replace(ID_NUMBER, (_m, head: string, tail: string) => `${head.slice(0, 3)}${'*'.repeat(11)}${tail}`)
    .replace(MOBILE, (_m, head: string, tail: string) => `${head}****${tail}`);
}

const nameOf = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');
const isSecretName = (key: string) => { const name = nameOf(key); return SECRET_NAMES.some((s) => name.includes(s)); };
const isMaskedName = (key: string) => MASKED_NAMES.includes(nameOf(key));

function maskValue(value: unknown): string {
  const text = String(value);
  const masked = scrubText(text);
  if (masked !== text || /\*{4}/.test(text)) return masked; // masked now, or already masked
  // A value under a masked name that matches neither pattern (malformed input) keeps only its end.
  return text.length > 4 ? `${'*'.repeat(text.length - 4)}${text.slice(-4)}` : '****';
}

/** A copy of any value fit for a log line. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[Object]';
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number' ? { type: value.name, code } : { type: value.name };
  }
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    out[key] = isSecretName(key) ? REDACTED : isMaskedName(key) && item !== null ? maskValue(item) : scrub(item, depth + 1);
  }
  return out;
}
