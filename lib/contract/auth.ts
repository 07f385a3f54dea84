import { z } from './zod';
import { line } from './fields';
import { captcha, mail, mobile, newPassword, oldPassword, password, registerPassword, username } from './validation';

import { LOCALES, type Locale } from './locales';

export { LOCALES, type Locale };
export const locale = z.enum(LOCALES);

export const loginInput = z.object({
  username,
  password,
  /** SMS code; required by the server while the SMS switch is on. */
  code: line(12, 'validation.captchaWrong').optional(),
});

export const registerInput = z.object({ mail, password: registerPassword, mobile, captcha });

export const changePasswordInput = z.object({ oldPassword, newPassword });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** admin/sendSms: a login code goes to the account's mobile, a registration code to the given mobile. */
export const sendSmsInput = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('LOGIN'), username }),
  z.object({ purpose: z.literal('REGISTER'), mobile }),
]);

export const userInfo = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  type: z.number(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  orgType: z.string().nullable(),
  mobile: z.string().nullable(),
  mail: z.string().nullable(),
  locale: locale.nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Response of admin/login and admin/register (upstream side; the BFF never forwards the token). */
export const loginResult = z.object({ uuid: z.string(), token: z.string(), info: userInfo });
export type LoginResult = z.infer<typeof loginResult>;

export const setLocaleInput = z.object({ locale });

export interface MenuItem {
  path: string;
  title: string;
  titleEn: string;
  icon: string | null;
  header: string | null;
  auth: string | null;
  hidden: boolean;
  children: MenuItem[];
}

export const menuItem: z.ZodType<MenuItem> = z.lazy(() => z.object({
  path: z.string(), title: z.string(), titleEn: z.string(), icon: z.string().nullable(), header: z.string().nullable(),
  auth: z.string().nullable(), hidden: z.boolean(), children: z.array(menuItem),
}));

export const powerEntry = z.object({ component: z.string(), btnList: z.array(z.string()) });
export type PowerEntry = z.infer<typeof powerEntry>;

export const menuResult = z.object({ menu: z.array(menuItem), access: z.array(z.string()), version: z.string() });
export type MenuResult = z.infer<typeof menuResult>;
