import { z } from './zod';
import { checkField, type FieldName } from './rules';
import { hasControl } from './fields';

/**
 * zod schemas of the form fields, built from the checks in ./rules (the forms run the same
 * checks): a non-string or failing value gets the check's message key.
 */
function field(name: FieldName, trim: boolean) {
  const base = z.string({ error: () => checkField(name, '') ?? 'validation.invalid' });
  return (trim ? base.trim() : base).superRefine((value, ctx) => {
    const key = hasControl(value) ? 'validation.controlChar' : checkField(name, value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export const username = field('username', true);
export const password = field('password', false);
export const mail = field('mail', true).transform((v) => v.toLowerCase());
export const mobile = field('mobile', true);
export const captcha = field('captcha', true);
export const oldPassword = field('oldPassword', false);
export const newPassword = field('newPassword', false);
export const registerPassword = field('registerPassword', false);
