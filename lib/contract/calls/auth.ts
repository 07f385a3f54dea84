import { z } from '../zod';
import { call } from '../call';
import { changePasswordInput, locale, loginInput, loginResult, menuResult, powerEntry, registerInput, sendSmsInput, setLocaleInput, userInfo } from '../auth';
import { nothing } from '../output';

const none = z.object({});
const sent = z.object({ sent: z.boolean() });

/** Sign-in, registration, the session's user and menu. */
export const authCalls = {
  'admin/login': call({ summary: 'Sign in (the BFF keeps the token in the session cookie)', input: loginInput, output: loginResult, access: 'public' }),
  'admin/register': call({ summary: 'Register with mail, password, mobile and the SMS code', input: registerInput, output: loginResult, access: 'public' }),
  'admin/logOut': call({ summary: 'End this session', input: none, output: nothing, access: 'user' }),
  'admin/getUserInfo': call({ summary: 'The signed-in user', input: none, output: userInfo, access: 'user', alsoGet: true }),
  'admin/updatePassWord': call({ summary: 'Change one\'s own password (ends every session of the account)', input: changePasswordInput, output: z.object({ message: z.string() }), access: 'user' }),
  'admin/setLocale': call({ summary: 'Choose the language of this browser (kept by the browser, per user; the service stores nothing)', input: setLocaleInput, output: z.object({ locale }), access: 'user' }),
  'admin/sendSms': call({ summary: 'Send a sign-in or registration code by SMS', input: sendSmsInput, output: sent, access: 'public' }),
  'mobile/public/getSmsSwitch': call({ summary: 'Whether sign-in needs an SMS code', input: none, output: z.object({ smsSwitch: z.boolean() }), access: 'public', alsoGet: true }),
  'admin/getMenu': call({ summary: 'The user\'s menu, access list and menu version', input: none, output: menuResult, access: 'user', alsoGet: true }),
  'admin/getMenuVersion': call({ summary: 'The version of the user\'s grants (changes when a role changes)', input: none, output: z.object({ version: z.string() }), access: 'user', alsoGet: true }),
  'admin/getPowerList': call({ summary: 'The user\'s buttons by module', input: none, output: z.array(powerEntry), access: 'user', alsoGet: true }),
};
