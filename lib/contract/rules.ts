/**
 * Field rules of SPEC.md section 5 as plain checks: the forms run them in the browser
 * (no schema library shipped to the login page) and lib/contract/validation.ts builds the
 * zod schemas of the BFF and the service from the very same checks. Each returns the key
 * of its message under `validation` in messages/*.json, or null when the value passes.
 */
type Check = (value: string) => string | null;

export const MOBILE_PATTERN = /^1\d{10}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** Letters and digits only, at least one of each (SPEC.md section 5). */
export const PASSWORD_MIX_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])[\dA-Za-z]+$/;
/** A practical e-mail shape: one @, a dotted domain, no spaces. */
export const MAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const required = (key: string): Check => (v) => (v.trim() === '' ? key : null);
const maxLength = (max: number, key = 'validation.tooLong'): Check => (v) => (v.trim().length > max ? key : null);
const pattern = (re: RegExp, key: string): Check => (v) => (v.trim() === '' || re.test(v.trim()) ? null : key);
/** Control characters (NUL among them) have no place in a name and cannot be stored. */
const noControl: Check = (v) => (/[\u0000-\u001f\u007f]/.test(v.trim()) ? 'validation.invalid' : null);

const passwordStrength: Check[] = [
  (v: string) => (v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX ? null : 'validation.passwordLength'),
  (v: string) => (PASSWORD_MIX_PATTERN.test(v) ? null : 'validation.passwordMix'),
];

const RULES = {
  username: [required('validation.usernameRequired'), maxLength(64), noControl],
  password: [required('validation.passwordRequired'), maxLength(128)],
  mail: [required('validation.mailRequired'), maxLength(254, 'validation.mailFormat'), pattern(MAIL_PATTERN, 'validation.mailFormat')],
  mobile: [required('validation.mobileRequired'), pattern(MOBILE_PATTERN, 'validation.mobileFormat')],
  captcha: [required('validation.captchaRequired'), maxLength(12, 'validation.captchaWrong')],
  oldPassword: [required('validation.oldPasswordRequired'), maxLength(128)],
  newPassword: [required('validation.newPasswordRequired'), ...passwordStrength],
  /** The password a new account chooses: SPEC.md section 5 asks for it with 'Please enter password!'. */
  registerPassword: [required('validation.passwordRequired'), ...passwordStrength],
} satisfies Record<string, Check[]>;

export type FieldName = keyof typeof RULES;

/** The first failing rule's message key, or null. A missing value counts as empty. */
export function checkField(field: FieldName, value: unknown): string | null {
  const text = typeof value === 'string' ? value : '';
  for (const check of RULES[field]) {
    const key = check(text);
    if (key) return key;
  }
  return null;
}
