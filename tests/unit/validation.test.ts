import { describe, expect, it } from 'vitest';
import { captcha, mail, mobile, newPassword, oldPassword, password, registerPassword, username } from '@/lib/contract/validation';
import { UI_TEXTS } from '@/lib/i18n';

const zh = UI_TEXTS['zh-CN'];
const en = UI_TEXTS.en;

const firstError = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe('SPEC.md section 5 field rules', () => {
  it.each([
    [username, '', 'validation.usernameRequired'],
    [username, '   ', 'validation.usernameRequired'],
    [username, undefined, 'validation.usernameRequired'],
    [password, '', 'validation.passwordRequired'],
    [mail, '', 'validation.mailRequired'],
    [mail, 'not-an-email', 'validation.mailFormat'],
    [mail, 'a@b', 'validation.mailFormat'],
    [mobile, '', 'validation.mobileRequired'],
    [mobile, '2381234567', 'validation.mobileFormat'],
    [mobile, '1381234567', 'validation.mobileFormat'],
    [mobile, '138123456789', 'validation.mobileFormat'],
    [mobile, '23812345678', 'validation.mobileFormat'],
    [mobile, '1381234567a', 'validation.mobileFormat'],
    [captcha, '', 'validation.captchaRequired'],
    [oldPassword, '', 'validation.oldPasswordRequired'],
    [newPassword, '', 'validation.newPasswordRequired'],
    [newPassword, 'abc123', 'validation.passwordLength'],
    [newPassword, 'abcdefghij1234567890x', 'validation.passwordLength'],
    [newPassword, 'abcdefgh', 'validation.passwordMix'],
    [newPassword, '12345678', 'validation.passwordMix'],
    [newPassword, 'abcd1234!', 'validation.passwordMix'],
    [registerPassword, '', 'validation.passwordRequired'],
    [registerPassword, 'abc123', 'validation.passwordLength'],
    [registerPassword, 'abcdefgh', 'validation.passwordMix'],
  ])('rejects %#: %j', (schema, value, key) => {
    expect(firstError(schema, value)).toBe(key);
  });

  it.each([
    [username, 'admin'],
    [password, 'x'],
    [mail, 'zhang.san@example.com'],
    [mobile, '13812345678'],
    [mobile, '19900000000'],
    [captcha, '123456'],
    [oldPassword, 'anything'],
    [newPassword, 'abcd1234'],
    [newPassword, 'A1b2C3d4E5f6G7h8I9j0'],
  ])('accepts %#: %j', (schema, value) => {
    expect(firstError(schema, value)).toBeNull();
  });

  it('shows the exact Chinese texts of SPEC.md section 5', () => {
    expect(zh.validation).toMatchObject({
      oldPasswordRequired: '请填写原密码！',
      passwordLength: '密码长度只能为8-20个字符！',
      passwordMix: '只能输入数字和字母组合，且为8位以上！',
      confirmPasswordRequired: '请输入新密码！',
      passwordMismatch: '两次输入不一致！',
    });
    expect(en.validation).toMatchObject({
      usernameRequired: 'Please enter username!',
      passwordRequired: 'Please enter password!',
      mailRequired: 'Please enter email!',
      mailFormat: 'The email format is incorrect!',
      mobileRequired: 'Please enter mobile number!',
      mobileFormat: 'The mobile number format is incorrect!',
      captchaRequired: 'Please enter captcha!',
    });
  });
});

describe('messages files', () => {
  const keys = (tree: object, prefix = ''): string[] => Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]);
  it('hold the same keys in both languages, none empty', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const tree of [zh, en]) for (const key of keys(tree)) expect(key.split('.').reduce((n: any, p) => n[p], tree)).not.toBe('');
  });
});
